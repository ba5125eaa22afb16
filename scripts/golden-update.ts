import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GOLDEN_CASES } from '../tests/golden/golden-cases';
import { GOLDEN_DIR, openGoldenPage, readReferences } from '../tests/golden/golden-session';
import {
  describeGoldenDifference,
  GoldenUpdateError,
  type GoldenUpdateRequest,
  parseGoldenUpdateArgs,
  planGoldenUpdate,
} from './lib/golden-update';

// npm run golden:update -- <case> [<case> …] | --all
// Renders the named golden cases, prints how each differs from its reference, and rewrites the ones that changed.

let request: GoldenUpdateRequest;
try {
  request = parseGoldenUpdateArgs(process.argv.slice(2), GOLDEN_CASES);
} catch (error) {
  if (!(error instanceof GoldenUpdateError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const session = await openGoldenPage();
let status = 0;
try {
  const references = await readReferences();
  const renderings = await session.page.evaluate(([names, refs]) => globalThis.renderGoldens(names, refs), [
    request.names,
    references,
  ] as const);
  const results = renderings.map((r) => ({
    name: r.name,
    difference: r.comparison && {
      differentPixels: r.comparison.differentPixels,
      changedPixels: r.comparison.changedPixels,
      maxDifference: r.comparison.maxDifference,
      meanDifference: r.comparison.meanDifference,
      sizeMatches: r.comparison.sizeMatches,
    },
  }));
  for (const result of results) console.log(describeGoldenDifference(result));
  const plan = planGoldenUpdate(request, results);
  for (const rendering of renderings.filter((r) => plan.write.includes(r.name))) {
    await writeFile(join(GOLDEN_DIR, `${rendering.name}.png`), Buffer.from(rendering.png, 'base64'));
  }
  if (plan.refused.length > 0) {
    console.error(
      `\nNothing rewritten: ${plan.refused.join(', ')} still ${plan.refused.length === 1 ? 'matches its' : 'match their'} reference as the golden test judges it. Name only the cases your change affects.`,
    );
    status = 1;
  } else {
    console.log(
      `\n${plan.write.length} reference(s) rewritten in ${GOLDEN_DIR}${plan.unchanged.length > 0 ? `, ${plan.unchanged.length} unchanged` : ''}.`,
    );
  }
} finally {
  await session.close();
}
process.exit(status);
