import type { ExportFrameRate, ExportMultiplier } from '../export/export-options';

/** The tiers a user can be on. */
export const ALL_PLANS = ['free', 'pro'] as const;
export type Plan = (typeof ALL_PLANS)[number];

/** What a plan allows in an export. */
export interface PlanLimits {
  /** Exports carry the small Clickreel watermark. */
  readonly watermark: boolean;
  /** Tallest output, in pixels. */
  readonly maxHeight: number;
  readonly maxFrameRate: ExportFrameRate;
  readonly multipliers: readonly ExportMultiplier[];
}

/** The one place that says what pro unlocks. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { watermark: true, maxHeight: 1080, maxFrameRate: 30, multipliers: [1] },
  pro: { watermark: false, maxHeight: 2160, maxFrameRate: 60, multipliers: [1, 2] },
};

/** The plan a verdict about pro gives (the verdict itself comes from the site's license store). */
export function planOf(pro: boolean): Plan {
  return pro ? 'pro' : 'free';
}

/** Limits of a plan. */
export function planLimits(plan: Plan): PlanLimits {
  return PLAN_LIMITS[plan];
}

/** What an export request becomes under a plan: frame rate and multiplier lowered to what the plan allows. */
export function applyPlanToExport<T extends { frameRate: ExportFrameRate; multiplier: ExportMultiplier }>(
  request: T,
  plan: Plan,
): T & { watermark: boolean; maxHeight: number } {
  const limits = PLAN_LIMITS[plan];
  return {
    ...request,
    frameRate: Math.min(request.frameRate, limits.maxFrameRate) as ExportFrameRate,
    multiplier: limits.multipliers.includes(request.multiplier) ? request.multiplier : 1,
    watermark: limits.watermark,
    maxHeight: limits.maxHeight,
  };
}
