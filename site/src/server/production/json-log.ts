import type { IncomingMessage, ServerResponse } from 'node:http';
import { format } from 'node:util';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Levels a log line carries, most severe last. */
export const ALL_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof ALL_LOG_LEVELS)[number];

/** One log line: a JSON object a log collector reads without parsing text. */
export interface LogLine {
  readonly time: string;
  readonly level: LogLevel;
  readonly message: string;
  readonly [field: string]: unknown;
}

/** The stack (or text) of each Error among `args`, which `format` would spread over several lines. */
function errorsOf(args: readonly unknown[]): string[] {
  return args.filter((arg): arg is Error => arg instanceof Error).map((error) => error.stack ?? String(error));
}

/** A console call as one JSON line: its text in `message` (an error's first line), each error's stack in `errors`. */
export function logLineOf(level: LogLevel, args: readonly unknown[], now = new Date()): string {
  const errors = errorsOf(args);
  const text = format(...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)));
  const line: LogLine = { time: now.toISOString(), level, message: text, ...(errors.length > 0 ? { errors } : {}) };
  return JSON.stringify(line);
}

/**
 * Makes every console call of this process (ours, Astro's, a dependency's) one JSON line: errors and warnings on
 * stderr, the rest on stdout. Production only: a developer reads plain text better.
 */
export function logConsoleAsJson(): void {
  const write =
    (stream: NodeJS.WriteStream, level: LogLevel) =>
    (...args: unknown[]) => {
      stream.write(`${logLineOf(level, args)}\n`);
    };
  console.log = write(process.stdout, 'info');
  console.info = write(process.stdout, 'info');
  console.debug = write(process.stdout, 'info');
  console.warn = write(process.stderr, 'warn');
  console.error = write(process.stderr, 'error');
  process.on('uncaughtException', (error) => {
    console.error('Uncaught exception:', error);
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));
}

/**
 * `handler` with one JSON line per request once its response is sent or dropped: method, path (never the query,
 * which may carry a license key), status and duration.
 */
export function withRequestLog(handler: Handler): Handler {
  return (req, res) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0];
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const line = {
        time: new Date().toISOString(),
        level: res.statusCode >= 500 ? 'error' : 'info',
        message: 'request',
        method: req.method,
        path,
        // null: the client went away before the response was sent.
        status: res.writableFinished ? res.statusCode : null,
        durationMs: Math.round(performance.now() - started),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    };
    res.once('finish', log);
    res.once('close', log);
    handler(req, res);
  };
}
