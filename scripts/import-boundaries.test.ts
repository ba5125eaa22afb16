import { describe, expect, it } from 'vitest';
import {
  boundaryViolations,
  describeCircle,
  describeViolation,
  foldersImportingEachOther,
  importCircles,
  importsOf,
  REPOSITORY_ROOT,
  repositoryImports,
  repositorySources,
} from './lib/import-boundaries';

describe('import boundaries', () => {
  it('no module imports across a boundary (editor ↔ export, site ↔ extension, site and tests → bench, shared → site or extension)', () => {
    const edges = repositoryImports(REPOSITORY_ROOT);
    // The walk found the code it checks (a wrong root would pass vacuously).
    expect(edges.some((edge) => edge.file.startsWith('site/src/editor/'))).toBe(true);
    expect(boundaryViolations(edges).map(describeViolation)).toEqual([]);
  });

  it('no two folders of the product import each other', () => {
    expect(foldersImportingEachOther(repositoryImports(REPOSITORY_ROOT), repositorySources(REPOSITORY_ROOT))).toEqual(
      [],
    );
    const edges = [
      ...importsOf('shared/render/frame.ts', "import { p } from './planar/painter';"),
      ...importsOf('shared/render/planar/painter.ts', "import { layout } from '../layout';"),
      ...importsOf('shared/render/layout.ts', "import { x } from '../geometry/x';"),
      ...importsOf('tests/support/page.ts', "import { frame } from '../../shared/render/frame';"),
      ...importsOf('shared/render/frame.test.ts', "import { page } from '../../tests/support/page';"),
    ];
    const files = [
      ...new Set(edges.map((edge) => edge.file)),
      'shared/render/planar/painter.ts',
      'shared/geometry/x.ts',
    ];
    expect(foldersImportingEachOther(edges, files)).toEqual(['shared/render ↔ shared/render/planar']);
  });

  it('catches every kind of import that crosses one', () => {
    const crossing = [
      ['site/src/editor/Preview.tsx', "import { createOutputPainter } from '../export/output-painter';"],
      ['site/src/editor/panels/Zoom.tsx', "const m = await import('../../export/export-pipeline');"],
      ['site/src/export/export-pipeline.ts', "export { ExactFrames } from '../editor/exact-frames';"],
      ['site/src/export/export-client.ts', "new Worker(new URL('../editor/worker.ts', import.meta.url));"],
      ['site/src/pages/index.astro', "import '../../../bench/render/bench-page';"],
      ['tests/browser/export.test.ts', "import type { ExportHarness } from '../../bench/export/export-harness';"],
      ['shared/render/frame-at.ts', "import { x } from '../../site/src/editor/x';"],
      ['shared/zoom/auto-zoom.ts', "import { y } from '../../extension/recorder/y';"],
      ['site/src/recordings/receive-handoff.ts', "import { x } from '../../../extension/handoff/chunk-bytes';"],
      ['extension/handoff/handoff-sender.ts', "import type { X } from '../../site/src/recordings/recording-store';"],
      [
        'shared/zoom/auto-zoom.ts',
        "import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';",
      ],
    ] as const;
    for (const [file, source] of crossing) {
      expect(boundaryViolations(importsOf(file, source)), `${file}: ${source}`).toHaveLength(1);
    }
  });

  it('lets the allowed directions through', () => {
    const allowed = [
      ['site/src/editor/Preview.tsx', "import { createOutputPainter } from '../../../shared/render/output-painter';"],
      ['site/src/editor/ExportDialog.tsx', "import { exportMimeType } from '../../../shared/export/codecs';"],
      ['bench/export/run.ts', "import type { ExportHarness } from '../../tests/support/export/export-harness';"],
      ['tests/support/export/export-harness.ts', "import { x } from '../../../site/src/export/source-frames';"],
      ['site/src/editor/Editor.tsx', "import { useStore } from '@nanostores/react';"],
      [
        'shared/zoom/auto-zoom.test.ts',
        "import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';",
      ],
    ] as const;
    for (const [file, source] of allowed) {
      expect(boundaryViolations(importsOf(file, source)), `${file}: ${source}`).toEqual([]);
    }
  });

  it('no module imports itself back, directly or round a circle (type-only imports count: they tangle the design)', () => {
    expect(importCircles(repositoryImports(REPOSITORY_ROOT)).map(describeCircle)).toEqual([]);
  });

  it('finds a circle of two, of three and a module importing itself, and not a chain', () => {
    const edges = [
      ...importsOf('shared/a.ts', "import type { B } from './b';"),
      ...importsOf('shared/b.ts', "import { a } from './a.ts';"),
      ...importsOf('shared/c.ts', "export { d } from './d';"),
      ...importsOf('shared/d.ts', "const e = await import('./e');"),
      ...importsOf('shared/e.ts', "import { c } from './c';"),
      ...importsOf('shared/f.ts', "import { f } from './f';"),
      ...importsOf('shared/g.ts', "import { a } from './a';"),
      ...importsOf('shared/h.ts', "import { g } from './g';"),
    ];
    expect(importCircles(edges)).toEqual([
      ['shared/a.ts', 'shared/b.ts'],
      ['shared/c.ts', 'shared/d.ts', 'shared/e.ts'],
      ['shared/f.ts'],
    ]);
    expect(describeCircle(['shared/a.ts', 'shared/b.ts'])).toBe('shared/a.ts → shared/b.ts → shared/a.ts');
  });
});
