import type { ExportFrameRate, ExportResolution } from '../export/export-options';
import { ALL_EXPORT_RESOLUTIONS } from '../export/export-options';
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

/** The one place that says what pro unlocks. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { watermark: true, maxHeight: 1080, maxFrameRate: 30 },
  pro: { watermark: false, maxHeight: 2160, maxFrameRate: 60 },
};

/** The plan a verdict about pro gives (the verdict itself comes from the site's license store). */
export function planOf(pro: boolean): Plan {
  return pro ? 'pro' : 'free';
}

/** Limits of a plan. */
export function planLimits(plan: Plan): PlanLimits {
  return PLAN_LIMITS[plan];
}

/** Whether a plan exports at `resolution`: a named size up to its tallest; the source size always (capped there). */
export function allowsResolution(plan: Plan, resolution: ExportResolution): boolean {
  const { shortSide } = EXPORT_RESOLUTIONS[resolution];
  return shortSide === null || shortSide <= PLAN_LIMITS[plan].maxHeight;
}

/** The named sizes a plan exports at, smallest first (1080p and below on free; 1440p and 4K with Pro). */
export function namedResolutions(plan: Plan): ExportResolution[] {
  return ALL_EXPORT_RESOLUTIONS.filter((r) => EXPORT_RESOLUTIONS[r].shortSide !== null && allowsResolution(plan, r));
}

/**
 * What an export request becomes under a plan: frame rate lowered to what the plan allows, a size it does not allow
 * lowered to its largest named size (4K asked on free exports 1080p).
 */
export function applyPlanToExport<T extends { frameRate: ExportFrameRate; resolution: ExportResolution }>(
  request: T,
  plan: Plan,
): T & { watermark: boolean; maxHeight: number } {
  const limits = PLAN_LIMITS[plan];
  return {
    ...request,
    frameRate: Math.min(request.frameRate, limits.maxFrameRate) as ExportFrameRate,
    resolution: allowsResolution(plan, request.resolution)
      ? request.resolution
      : (namedResolutions(plan).at(-1) ?? 'source'),
    watermark: limits.watermark,
    maxHeight: limits.maxHeight,
  };
}
