import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/processes';

/** A built site's server process started by a test, with everything it printed. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote so far, line by line. */
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the exit code when the process ends. */
  readonly exited: Promise<number | null>;
  /** Resolves once it answers HTTP; rejects if it exits first. */
  listening(): Promise<void>;
  stop(): Promise<number | null>;
}

function collectLines(stream: NodeJS.ReadableStream | null, into: string[]): void {
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    into.push(...lines);
  });
  stream?.on('end', () => {
    if (rest) into.push(rest);
  });
}

/**
 * Starts `node <buildDir>/site/server/entry.mjs` with exactly `env` (plus PATH and a free PORT on localhost): no
 * variable of the test run leaks in, so a production start sees only what the test gives it.
 */
export async function startServerProcess(buildDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
    env: { PATH: process.env.PATH ?? '', HOST: 'localhost', ASTRO_TELEMETRY_DISABLED: '1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  collectLines(child.stdout, stdout);
  collectLines(child.stderr, stderr);
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  return {
    url,
    child,
    stdout,
    stderr,
    exited,
    async listening() {
      let ended = false;
      void exited.then(() => {
        ended = true;
      });
      for (;;) {
        if (ended) throw new Error(`the server exited (${child.exitCode}):\n${stderr.join('\n')}`);
        try {
          await fetch(`${url}/api/health`);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
