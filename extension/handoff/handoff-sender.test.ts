import { describe, expect, test } from 'vitest';
import { acceptsReady } from './handoff-sender';

describe('who may receive a recording', () => {
  const editor = {};
  const origins = ['http://localhost:4321', 'https://clickreel.example'];
  const ready = { type: 'clickreel:handoff-ready', recordingId: 'rec_1' };

  test('the editor window this page opened, on a configured origin, asking for this recording', () => {
    expect(
      acceptsReady({ origin: 'https://clickreel.example', source: editor, data: ready }, editor, origins, 'rec_1'),
    ).toBe(true);
  });

  test('anyone else gets nothing', () => {
    expect(
      acceptsReady({ origin: 'https://evil.example', source: editor, data: ready }, editor, origins, 'rec_1'),
    ).toBe(false);
    expect(acceptsReady({ origin: 'http://localhost:4321', source: {}, data: ready }, editor, origins, 'rec_1')).toBe(
      false,
    );
    expect(
      acceptsReady({ origin: 'http://localhost:4321', source: editor, data: ready }, editor, origins, 'rec_2'),
    ).toBe(false);
    expect(
      acceptsReady({ origin: 'http://localhost:4321', source: editor, data: { type: 'x' } }, editor, origins, 'rec_1'),
    ).toBe(false);
  });
});
