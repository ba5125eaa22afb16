import { describe, expect, it } from 'vitest';
import { oversizes, repositoryOversizes, SIZE_LIMITS } from './code-size';
import { REPOSITORY_ROOT } from './import-boundaries';

/**
 * What was over the limits when this check came in (issue 38), at most that many lines: none may grow and nothing new
 * may join. An entry cut below its limit must leave the list, so the list only shrinks.
 */
const KNOWN_OVERSIZES: Readonly<Record<string, number>> = {
  'extension/content/redaction-tracker.ts': 326,
  'extension/controls/Controls.tsx: Controls': 212,
  'extension/controls/LicensePanel.tsx: LicensePanel': 114,
  'site/src/editor/Editor.tsx: Editor': 186,
  'site/src/editor/EditorApp.tsx: EditorApp': 229,
  'site/src/editor/EditorApp.tsx: a function inside EditorApp': 93,
  'site/src/editor/PresetsSection.tsx: PresetsSection': 237,
  'site/src/editor/Preview.tsx: Preview': 250,
  'site/src/editor/PreviewPointer.tsx: PreviewPointer': 94,
  'site/src/editor/ZoomInspector.tsx: ZoomInspector': 112,
  'site/src/editor/inspector/CalloutInspector.tsx: CalloutInspector': 86,
  'site/src/editor/settings/BackgroundPanel.tsx: BackgroundPanel': 124,
  'site/src/editor/timeline/BlockLane.tsx: BlockLane': 93,
  'site/src/editor/timeline/Timeline.tsx: Timeline': 102,
  'site/src/export/ExportDialog.tsx: ExportDialog': 196,
  'site/src/export/export-pipeline.ts: exportVideo': 91,
  'site/src/library/RecordingsLibrary.tsx: Library': 188,
  'site/src/licenses/LicensesApp.tsx: LicensesApp': 132,
  'site/src/server/pro-license-service.ts': 333,
  'shared/camera/pans.ts: panSteps': 87,
  'shared/render/backgrounds.ts: paintWallpaper': 84,
  'shared/render/burned-pointer.ts: fillUnionFromBorder': 81,
  'shared/render/cursor-shapes.ts: drawShape': 81,
  'shared/render/planar/planar-painter.ts: createPlanarPainter': 170,
  'shared/ui/NumberField.tsx: NumberField': 104,
  'scripts/provider-sandbox/polar-api.ts': 367,
  'scripts/provider-sandbox/polar-api.ts: handleWebhooks': 102,
  'scripts/provider-sandbox/sandbox-control.ts: handleControl': 122,
  'scripts/provider-sandbox/webhook-sender.ts: webhookPayload': 121,
  'scripts/webhooks/webhooks-cli.ts: runWebhooksCli': 127,
};

describe('file and function sizes', () => {
  it(`no new file over ${SIZE_LIMITS.fileLines} lines or function over ${SIZE_LIMITS.functionLines}, none of the known ones larger`, () => {
    const found = new Map<string, number>();
    for (const { name, lines } of repositoryOversizes(REPOSITORY_ROOT))
      found.set(name, Math.max(found.get(name) ?? 0, lines));
    // The walk found the code it checks (a wrong root would pass vacuously).
    expect(found.size).toBeGreaterThan(0);
    const grown = [...found].flatMap(([name, lines]) =>
      lines > (KNOWN_OVERSIZES[name] ?? 0)
        ? [`${name}: ${lines} lines (was ${KNOWN_OVERSIZES[name] ?? 'within the limit'})`]
        : [],
    );
    expect(grown, 'split these: a module does one job, a function one step').toEqual([]);
    const cut = Object.keys(KNOWN_OVERSIZES).filter((name) => !found.has(name));
    expect(cut, 'now within the limit (or gone): take them off KNOWN_OVERSIZES').toEqual([]);
  });

  it('measures a file by its lines and a function by the lines from its start to its end, by the name a reader finds', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, () => '  work();').join('\n');
    const source = [
      `export function long() {\n${body(81)}\n}`,
      `const arrow = () => {\n${body(80)}\n};`,
      `export const table = { handler() {\n${body(90)}\n} };`,
      `function outer() {\n  run(() => {\n${body(85)}\n  });\n}`,
    ].join('\n');
    expect(oversizes('x.ts', source).map((o) => `${o.name} ${o.lines}`)).toEqual([
      'x.ts 338',
      'x.ts: long 81',
      'x.ts: handler 90',
      'x.ts: outer 87',
      'x.ts: a function inside outer 85',
    ]);
  });
});
