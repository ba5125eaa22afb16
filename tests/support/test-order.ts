// The order files are handed to vitest's two workers: the unit tests first, then the golden renders, then the browser
// tests. The browser tests wait for the builds the global setup starts, so the unit tests run beside the builds
// instead of after them. Among the browser tests, the files with a stretch that runs alone start first (each stretch
// then waits only for one file beside it), the files that run alone come last (one after another: the other worker
// has nothing to run beside them), and the rest run two at a time, in vitest's own order (longest first once a run
// has timed them, else the largest).
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { hasAloneStretch, runsAlone } from './machine-share';

const PROJECT_ORDER = ['unit', 'golden', 'browser'] as const;

function rank(spec: TestSpecification): number {
  const project = (PROJECT_ORDER as readonly string[]).indexOf(spec.project.name);
  const within = hasAloneStretch(spec.moduleId) ? 0 : runsAlone(spec.moduleId) ? 2 : 1;
  return (project === -1 ? PROJECT_ORDER.length : project) * 3 + within;
}

export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
