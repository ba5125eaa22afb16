import { spawnSync } from 'node:child_process';

// npm run screens:update -- <case> [<case> …] | --all
// Runs the screenshot test (tests/browser/studio-screens.test.ts) with the named cases' references rewritten from
// this build instead of compared: after a deliberate change to how the editor, the controls page or the home page look.
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Name the screenshot cases to rewrite (e.g. editor-cursor-1280x800), or --all.');
  process.exit(2);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'browser', 'tests/browser/studio-screens.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, CLICKREEL_SCREENS_UPDATE: names.join(',') },
});
process.exit(run.status ?? 1);
