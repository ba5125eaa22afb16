import { describe, expect, test } from 'vitest';
import { createTimeStretcher } from './time-stretch';

const SAMPLE_RATE = 48_000;

function tone(frequency: number, seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * SAMPLE_RATE) }, (_, i) =>
    Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE),
  );
}

/** Frequency from upward zero crossings over the middle half (the ends hold the stretcher's ramp in and out). */
function frequencyOf(samples: Float32Array): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.floor((samples.length * 3) / 4);
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if ((samples[i - 1] as number) < 0 && (samples[i] as number) >= 0) crossings++;
  return crossings / ((to - from) / SAMPLE_RATE);
}

function stretch(input: Float32Array, rate: number, channels: number): Float32Array[] {
  const total = Math.round(input.length / rate);
  const stretcher = createTimeStretcher(rate, SAMPLE_RATE, channels, total);
  const out: Float32Array[][] = [];
  for (let start = 0; start < input.length; start += 1024) {
    const block = input.subarray(start, start + 1024);
    out.push(stretcher.push(Array.from({ length: channels }, () => block)));
  }
  out.push(stretcher.finish());
  return Array.from({ length: channels }, (_, c) => {
    const joined = new Float32Array(out.reduce((n, blocks) => n + (blocks[c]?.length ?? 0), 0));
    let at = 0;
    for (const blocks of out) {
      joined.set(blocks[c] as Float32Array, at);
      at += (blocks[c] as Float32Array).length;
    }
    return joined;
  });
}

describe('time stretch', () => {
  test.each([1.25, 1.5, 2])('a 440 Hz tone at %f× is shorter by the rate and keeps its pitch within 2 %%', (rate) => {
    const input = tone(440, 3);
    const [left, right] = stretch(input, rate, 2);
    expect(left?.length).toBe(Math.round(input.length / rate));
    expect(Math.abs(frequencyOf(left as Float32Array) / 440 - 1)).toBeLessThan(0.02);
    expect(Math.abs(frequencyOf(right as Float32Array) / 440 - 1)).toBeLessThan(0.02);
  });

  test('mono stays mono, at the exact length asked for', () => {
    const channels = stretch(tone(300, 1), 1.5, 1);
    expect(channels).toHaveLength(1);
    expect(channels[0]?.length).toBe(32_000);
    expect(Math.abs(frequencyOf(channels[0] as Float32Array) / 300 - 1)).toBeLessThan(0.02);
  });
});
