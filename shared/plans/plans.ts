import {
  ALL_EXPORT_OPTION_NAMES,
  type ExportOptionName,
  type ExportOptions,
  type ExportOptionValue,
  exportOption,
  nearestAllowed,
} from '../export/export-option-table';
import type { ExportFrameRate, ExportResolution } from '../export/export-options';
import { ALL_EXPORT_FRAME_RATES, ALL_EXPORT_RESOLUTIONS } from '../export/export-options';
import { EXPORT_RESOLUTIONS } from '../export/export-resolutions';

/** The tiers a user can be on. */
export const ALL_PLANS = ['free', 'pro'] as const;
export type Plan = (typeof ALL_PLANS)[number];

/** What a plan allows in an export. */
export interface PlanLimits {
  /** Exports carry the small Clickreel watermark. */
  readonly watermark: boolean;
  /** Tallest output, in pixels of its shorter side: the largest named size allowed, and the cap of 'Source size'. */
  readonly maxHeight: number;
  readonly maxFrameRate: ExportFrameRate;
}

/**
 * Whether a plan exports with option `name` at `value`: Pro with every value, free with all but the option's Pro
 * values (export-option-table.ts says which).
 */
export function allowsOption<N extends ExportOptionName>(plan: Plan, name: N, value: ExportOptionValue<N>): boolean {
  return plan === 'pro' || !exportOption(name).proOnly.includes(value);
}

/** Whether a plan exports at `resolution` (the source size always: capped at the plan's tallest). */
export function allowsResolution(plan: Plan, resolution: ExportResolution): boolean {
  return allowsOption(plan, 'resolution', resolution);
}

/** The named sizes a plan exports at, smallest first (1080p and below on free; 1440p and 4K with Pro). */
export function namedResolutions(plan: Plan): ExportResolution[] {
  return ALL_EXPORT_RESOLUTIONS.filter((r) => EXPORT_RESOLUTIONS[r].shortSide !== null && allowsResolution(plan, r));
}

function limitsOf(plan: Plan): PlanLimits {
  return {
    watermark: plan === 'free',
    maxHeight: Math.max(...namedResolutions(plan).map((r) => EXPORT_RESOLUTIONS[r].shortSide ?? 0)),
    maxFrameRate: Math.max(
      ...ALL_EXPORT_FRAME_RATES.filter((r) => allowsOption(plan, 'frameRate', r)),
    ) as ExportFrameRate,
  };
}

/** The one place that says what pro unlocks: the watermark here, the sizes and rates from the option table. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = { free: limitsOf('free'), pro: limitsOf('pro') };

/** The plan a verdict about pro gives (the verdict itself comes from the site's license store). */
export function planOf(pro: boolean): Plan {
  return pro ? 'pro' : 'free';
}

/** Limits of a plan. */
export function planLimits(plan: Plan): PlanLimits {
  return PLAN_LIMITS[plan];
}

/** The value a plan exports with when `value` is asked: it, or the nearest it allows before it (the first choice if none). */
function allowedValue<N extends ExportOptionName>(
  plan: Plan,
  name: N,
  value: ExportOptionValue<N>,
): ExportOptionValue<N> {
  const { values, initial } = exportOption(name);
  return nearestAllowed(values, value, (v) => allowsOption(plan, name, v)) ?? initial;
}

/**
 * What an export request becomes under a plan: each value it does not allow lowered to the nearest one it does
 * (60 fps on free exports 30, 4K 1080p), with the plan's watermark and tallest size.
 */
export function applyPlanToExport(
  request: ExportOptions,
  plan: Plan,
): ExportOptions & { watermark: boolean; maxHeight: number } {
  const allowed = Object.fromEntries(
    ALL_EXPORT_OPTION_NAMES.map((name) => [name, allowedValue(plan, name, request[name])]),
  ) as unknown as ExportOptions;
  const limits = PLAN_LIMITS[plan];
  return { ...allowed, watermark: limits.watermark, maxHeight: limits.maxHeight };
}
