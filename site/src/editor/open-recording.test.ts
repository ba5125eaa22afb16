import { describe, expect, test } from 'vitest';
import { pictureEndsEarlyAt } from './open-recording';

describe('where a recording’s picture ends early', () => {
  const video = { mimeType: 'video/webm', width: 1920, height: 1080, frameRate: 30, durationMs: 6000, size: 1 };

  test('a recovered recording is judged by its video: sound that went on past it does not hide the loss', () => {
    const probed = { videoEndMs: 3230, mediaEndMs: 5980 };
    expect(pictureEndsEarlyAt({ recovered: true, video }, probed)).toBe(3230);
    // Stopped normally, the same file is a page that went still while its sound went on.
    expect(pictureEndsEarlyAt({ recovered: false, video }, probed)).toBeNull();
  });

  test('within a second of its length, nothing is said', () => {
    expect(pictureEndsEarlyAt({ recovered: true, video }, { videoEndMs: 5100, mediaEndMs: 5900 })).toBeNull();
    expect(pictureEndsEarlyAt({ recovered: false, video }, { videoEndMs: 2000, mediaEndMs: 4000 })).toBe(4000);
  });
});
