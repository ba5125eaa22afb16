import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Runs a command to completion with inherited output; returns whether it succeeded. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

/** The local binary of an npm dependency. */
export function bin(name: string): string {
  return new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers (any HTTP status) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

/** Children started by this process, stopped together on exit or Ctrl-C. */
export class ProcessGroup {
  private readonly children: ChildProcess[] = [];

  start(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
    const child = spawn(command, args, { stdio: 'inherit', env });
    this.children.push(child);
    return child;
  }

  stopAll(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGTERM');
  }

  /** Stops every child on Ctrl-C or SIGTERM, and exits when any child exits on its own. */
  stopTogether(): void {
    const stop = () => {
      this.stopAll();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    for (const child of this.children) {
      child.on('exit', (code) => {
        this.stopAll();
        process.exit(code ?? 1);
      });
    }
  }
}
