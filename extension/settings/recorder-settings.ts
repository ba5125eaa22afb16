import { z } from 'zod';
import { ALL_RECORDED_SOURCES } from '../../shared/capture/capture-source';
import { ALL_RECORDING_QUALITIES } from '../../shared/quality/quality-names';

/** Frame rates the recorder offers. */
export const ALL_FRAME_RATES = [30, 60] as const;

/**
 * Quality presets; each maps to a video bitrate per megapixel-frame-per-second. They are the top three levels of
 * the quality ladder the editor's export uses too, so both are named alike (shared/quality/quality-names.ts).
 */
export const ALL_QUALITIES = ALL_RECORDING_QUALITIES;
export type Quality = (typeof ALL_QUALITIES)[number];

/** Bits per pixel per frame for each quality (1080p30 standard ≈ 8 Mbit/s). */
const BITS_PER_PIXEL_FRAME: Record<Quality, number> = { standard: 0.13, high: 0.2, maximum: 0.3 };

/** Seconds the countdown shows before recording starts (when `countdown` is on). */
export const COUNTDOWN_SECONDS = 3;

/** What the user chose in the popup's settings; stored in storage.local. */
export const recorderSettingsSchema = z.object({
  source: z.enum(ALL_RECORDED_SOURCES),
  frameRate: z.union([z.literal(30), z.literal(60)]),
  quality: z.enum(ALL_QUALITIES),
  microphone: z.boolean(),
  webcam: z.boolean(),
  countdown: z.boolean(),
});
export type RecorderSettings = z.infer<typeof recorderSettingsSchema>;

/** Settings of a fresh install. */
export const DEFAULT_RECORDER_SETTINGS: RecorderSettings = {
  source: 'tab',
  frameRate: 30,
  quality: 'high',
  microphone: false,
  webcam: false,
  countdown: true,
};

/** Stored settings, falling back to defaults field by field so an old or damaged entry still works. */
export function readRecorderSettings(stored: unknown): RecorderSettings {
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const merged = { ...DEFAULT_RECORDER_SETTINGS, ...value };
  const parsed = recorderSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const result: Record<string, unknown> = { ...DEFAULT_RECORDER_SETTINGS };
  for (const key of Object.keys(DEFAULT_RECORDER_SETTINGS) as (keyof RecorderSettings)[]) {
    const field = recorderSettingsSchema.shape[key].safeParse(value[key]);
    if (field.success) result[key] = field.data;
  }
  return recorderSettingsSchema.parse(result);
}

/** Video bitrate (bits/s) for a capture of width × height at `frameRate` in `quality`, capped at 80 Mbit/s. */
export function videoBitrate(width: number, height: number, frameRate: number, quality: Quality): number {
  const bits = width * height * frameRate * BITS_PER_PIXEL_FRAME[quality];
  return Math.round(Math.min(80_000_000, Math.max(1_000_000, bits)));
}

/** The storage.local key of the settings. */
export const SETTINGS_STORAGE_KEY = 'recorderSettings';
