import { describe, expect, test } from 'vitest';
import { addToWaveform, emptyWaveform, peakBetween } from './waveform-peaks';

describe('waveform peaks', () => {
  test('each bucket keeps its loudest sample, and quiet stretches stay low', () => {
    const waveform = emptyWaveform(2000, 10);
    expect(waveform.peaks).toHaveLength(20);
    expect(waveform.bucketMs).toBe(100);
    // One second of a half-scale tone from 0.5 s at 1 kHz sampling, then silence.
    const tone = Float32Array.from({ length: 1000 }, (_, i) => 0.5 * Math.sin(i / 3));
    addToWaveform(waveform, tone, 1000, 500);
    expect(peakBetween(waveform, 0, 500)).toBe(0);
    expect(peakBetween(waveform, 600, 1400)).toBeCloseTo(0.5, 2);
    expect(peakBetween(waveform, 1500, 2000)).toBe(0);
  });

  test('samples outside the recording and beyond full scale are tamed', () => {
    const waveform = emptyWaveform(1000, 10);
    addToWaveform(waveform, Float32Array.from([2, -3, 0.25]), 10, -100);
    addToWaveform(waveform, Float32Array.from([0.9]), 10, 5000);
    expect(waveform.peaks[0]).toBe(1);
    expect(waveform.peaks[1]).toBe(0.25);
    expect(Math.max(...waveform.peaks.slice(2))).toBe(0);
  });
});
