/** What the browser's own encoders can do for an export's sound (WebCodecs), checked, never assumed. */

/** AAC-LC, the MP4 sound every player plays (mediabunny's 'aac'). */
const AAC_LC = 'mp4a.40.2';

/** The sound of a tab recording (MediaRecorder's Opus track): stereo at 48 kHz. */
const TAB_AUDIO = { numberOfChannels: 2, sampleRate: 48_000 } as const;

/** Whether this browser encodes AAC with these channels and sample rate (real Chrome usually does, Chromium not). */
export async function browserEncodesAac(
  audio: { readonly numberOfChannels: number; readonly sampleRate: number } = TAB_AUDIO,
): Promise<boolean> {
  if (typeof AudioEncoder === 'undefined') return false;
  try {
    const { supported } = await AudioEncoder.isConfigSupported({ codec: AAC_LC, bitrate: 128_000, ...audio });
    return supported === true;
  } catch {
    return false;
  }
}
