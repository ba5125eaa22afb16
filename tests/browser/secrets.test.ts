import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, test } from 'vitest';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_WEBHOOK_SECRET } from '../../scripts/provider-sandbox/seed';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Text that must never reach a browser: the secrets the site runs with, and server-only code. */
function forbidden(): string[] {
  const env = inject('siteEnv');
  return [
    SANDBOX_ACCESS_TOKEN,
    SANDBOX_WEBHOOK_SECRET,
    env.POLAR_ACCESS_TOKEN as string,
    env.POLAR_WEBHOOK_SECRET as string,
    // Markers of the server modules (database, provider clients, secrets reading).
    'POLAR_ACCESS_TOKEN',
    'POLAR_WEBHOOK_SECRET',
    'kysely_migration',
    'pg_advisory_xact_lock',
  ];
}

describe('no provider token or secret in what the browser or the extension receives', () => {
  test.each([
    ['the built site’s client files', 'site/client'],
    ['the built extension', 'extension'],
  ])('%s', async (_what, folder) => {
    const files = await filesUnder(join(inject('buildDir'), folder));
    expect(files.filter((f) => /\.(js|mjs|html|json|css|webmanifest)$/.test(f)).length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      for (const secret of forbidden()) if (text.includes(secret)) found.push(`${file}: ${secret}`);
    }
    expect(found).toEqual([]);
  });

  test('the server build does read them (so the grep looks for the right strings)', async () => {
    const files = await filesUnder(join(inject('buildDir'), 'site/server'));
    const texts = await Promise.all(files.filter((f) => f.endsWith('.mjs')).map((f) => readFile(f, 'utf8')));
    expect(texts.some((t) => t.includes('POLAR_WEBHOOK_SECRET'))).toBe(true);
    expect(texts.some((t) => t.includes('pg_advisory_xact_lock'))).toBe(true);
  });
});
