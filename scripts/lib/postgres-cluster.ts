import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/** A throwaway PostgreSQL server for tests: its own cluster in a temp folder, on a free port. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  readonly url: string;
  /** A fresh empty database on this server; returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The folder with initdb and pg_ctl: the newest Debian install, else whatever is on PATH. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return onPath ? onPath.replace(/\/initdb$/, '') : undefined;
}

/** PostgreSQL refuses to run as root: as root, the server runs as the unprivileged `nobody`. */
function asServerUser(command: string, args: string[]): SpawnSyncReturns<string> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'nobody', '--', command, ...args]] : [command, args];
  return spawnSync(file, argv, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
}

function check(result: SpawnSyncReturns<string>, what: string): void {
  if (result.status !== 0) {
    throw new Error(
      `${what} failed (exit ${result.status}): ${result.error?.message ?? ''}\n${result.stderr}${result.stdout}`,
    );
  }
}

/** Starts a PostgreSQL server in a new temp cluster (trust auth, fsync off: test data only). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: the store tests need initdb and pg_ctl. npm test installs Debian\'s "postgresql" as root; otherwise install it (apt-get install postgresql, brew install postgresql).',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'clickreel-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, 65534, 65534);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  check(
    asServerUser(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']),
    'initdb',
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  check(
    asServerUser(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]),
    'pg_ctl start',
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name: string) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      asServerUser(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
