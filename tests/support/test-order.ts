// The order files are handed to vitest's two workers: the unit tests first, then the golden renders, then the browser
// tests (each project's files in vitest's own order: longest first once a run has timed them). The browser tests wait
// for the builds the global setup starts, so the unit tests run beside the builds instead of after them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const PROJECT_ORDER = ['unit', 'golden', 'browser'] as const;

function rank(spec: TestSpecification): number {
  const index = (PROJECT_ORDER as readonly string[]).indexOf(spec.project.name);
  return index === -1 ? PROJECT_ORDER.length : index;
}

export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
