import { describe, expect, test } from 'vitest';
import { startClock, stopClock } from '../../shared/recording/clock';
import { parseRecording } from '../../shared/recording/recording';
import type { SessionRecord } from '../storage/recording-db';
import { assembleRecording } from './assemble-recording';

const session: SessionRecord = {
  id: 'rec_1',
  tabId: 7,
  state: 'active',
  createdAt: '2026-11-22T04:00:00.000Z',
  page: { url: 'https://app.example/', title: 'App' },
  viewport: { width: 1280, height: 720, devicePixelRatio: 2 },
  clock: startClock(1_000),
  video: { mimeType: 'video/webm;codecs=vp9,opus', width: 2560, height: 1440, frameRate: 30 },
  webcam: null,
  audio: { tab: true, microphone: false },
  recording: null,
  recovered: false,
};
const chunks = {
  video: { count: 5, bytes: 5_000, lastWall: 3_500 },
  webcam: { count: 0, bytes: 0, lastWall: null },
};

describe('finishing a recording', () => {
  test('a stopped session becomes a valid recording lasting from start to stop', () => {
    const stopped = { ...session, clock: stopClock(startClock(1_000), 4_000) };
    const result = assembleRecording(
      stopped,
      [{ k: 'move', w: 2_000, x: 0.5, y: 0.5, c: 'default', b: 0 }],
      chunks,
      false,
    );
    if (!result.ok) throw new Error('not assembled');
    expect(parseRecording(result.recording)).toEqual(result.recording);
    expect(result.recording.video.durationMs).toBe(3_000);
    expect(result.recording.cursor).toHaveLength(1);
    expect(result.recording.recovered).toBe(false);
  });

  test('after a crash the recording ends at the last saved chunk, and later events are dropped', () => {
    const result = assembleRecording(
      session,
      [
        { k: 'move', w: 3_000, x: 0.5, y: 0.5, c: 'default', b: 0 },
        { k: 'move', w: 3_900, x: 0.6, y: 0.5, c: 'default', b: 0 },
      ],
      chunks,
      true,
    );
    if (!result.ok) throw new Error('not assembled');
    expect(result.recording.video.durationMs).toBe(2_500);
    expect(result.recording.cursor.map((s) => s.t)).toEqual([2_000]);
    expect(result.recording.recovered).toBe(true);
  });

  test('nothing saved means nothing to recover', () => {
    expect(assembleRecording(session, [], { ...chunks, video: { count: 0, bytes: 0, lastWall: null } }, true)).toEqual({
      ok: false,
      reason: 'no-video',
    });
  });
});
