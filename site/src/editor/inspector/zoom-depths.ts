import { ALL_STRENGTH_LEVELS, type StrengthLevel } from '../../../../shared/look/enumerations';

/** Depths a zoom segment can have: 'None' would be no zoom at all. */
export const STRENGTH_LEVELS_FOR_ZOOM: readonly StrengthLevel[] = ALL_STRENGTH_LEVELS.filter(
  (level) => level !== 'None',
);
