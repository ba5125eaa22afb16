import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

/** A virtual X screen (Xvfb) for a headed browser, and its real pointer, moved the way the window system moves it. */
export interface XDisplay {
  /** The DISPLAY value, e.g. ':99'. */
  readonly display: string;
  /** Moves the pointer to screen pixel (x, y) at once. */
  move(x: number, y: number): void;
  /** Moves the pointer through `points` (screen pixels), `stepMs` apart, in one xdotool run (no process per step). */
  path(points: readonly { x: number; y: number }[], stepMs: number): void;
  /** Presses and releases a mouse button where the pointer is (1 left, 4/5 wheel up/down). */
  click(button: number): void;
  /** Types text through the keyboard, `delayMs` between keys. */
  type(text: string, delayMs: number): void;
  /** Where the pointer is (screen pixels). */
  pointer(): { x: number; y: number };
  close(): Promise<void>;
}

/**
 * Starts Xvfb on a free display (it picks one itself and reports it through -displayfd) with a screen of `width`×
 * `height`. Needs the apt packages xvfb and xdotool (npm test installs them as root).
 */
export async function startXDisplay(width: number, height: number): Promise<XDisplay> {
  const server: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (match) resolve(`:${match[1]}`);
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    server.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.trim()}`)));
    server.on('error', reject);
  });
  const env = { ...process.env, DISPLAY: display };
  const xdotool = (...args: string[]) => execFileSync('xdotool', args, { env, encoding: 'utf8' });
  return {
    display,
    move: (x, y) => void xdotool('mousemove', String(Math.round(x)), String(Math.round(y))),
    path: (points, stepMs) =>
      void xdotool(
        ...points.flatMap((p) => [
          'mousemove',
          String(Math.round(p.x)),
          String(Math.round(p.y)),
          'sleep',
          String(stepMs / 1000),
        ]),
      ),
    click: (button) => void xdotool('click', String(button)),
    type: (text, delayMs) => void xdotool('type', '--delay', String(delayMs), text),
    pointer: () => {
      const out = xdotool('getmouselocation', '--shell');
      return { x: Number(/X=(\d+)/.exec(out)?.[1]), y: Number(/Y=(\d+)/.exec(out)?.[1]) };
    },
    close: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Points from `from` to `to`, `step` px apart (the last one exactly `to`): a hand's straight move, for `path`. */
export function pointerLine(
  from: { x: number; y: number },
  to: { x: number; y: number },
  step: number,
): { x: number; y: number }[] {
  const n = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / step));
  return Array.from({ length: n }, (_, i) => ({
    x: from.x + ((to.x - from.x) * (i + 1)) / n,
    y: from.y + ((to.y - from.y) * (i + 1)) / n,
  }));
}
