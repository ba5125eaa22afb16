// Command-line options of the benchmarks: Node's own parser (unknown options are an error, not ignored), `--help`
// printing the usage, and numbers checked once here so a typo stops the run with a reason instead of measuring NaN.
import { parseArgs } from 'node:util';

/** A benchmark option: one string or flag (never repeated), with its default. */
type BenchOption = { type: 'string'; default?: string } | { type: 'boolean'; default?: boolean };

/** The parsed options of `process.argv`, every one a string or boolean as declared; exits after `--help`. */
export function benchOptions(usage: string, options: Record<string, BenchOption>): Record<string, string | boolean> {
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true });
    values = parsed.values as Record<string, string | boolean | undefined>;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error), usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string | boolean] => entry[1] !== undefined),
  );
}

/**
 * The string option `name` as a number above 0, or of at least `min` when given (a whole one when `whole`); exits
 * with the reason otherwise.
 */
export function numberOption(
  values: Record<string, string | boolean>,
  name: string,
  { min, whole = false }: { min?: number; whole?: boolean } = {},
): number {
  const value = Number(values[name]);
  const inRange = min === undefined ? value > 0 : value >= min;
  if (typeof values[name] !== 'string' || !Number.isFinite(value) || !inRange || (whole && !Number.isInteger(value))) {
    const bound = min === undefined ? 'above 0' : `of at least ${min}`;
    return usageError(`--${name} needs ${whole ? 'a whole number' : 'a number'} ${bound}, not ${String(values[name])}`);
  }
  return value;
}

/** The string option `name`, or undefined when not given. */
export function stringOption(values: Record<string, string | boolean>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function usageError(reason: string, usage?: string): never {
  console.error(usage ? `${reason}\n${usage}` : reason);
  process.exit(2);
}
