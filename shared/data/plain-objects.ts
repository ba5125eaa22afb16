// Reading data whose shape is not known yet (stored, received, or from an older version), before its schema
// validates it.

/** Whether `value` is a plain object (not null, not an array): one whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `defaults` with `data` laid over it, object by object, so data saved before a nested field existed gets that
 * field's default; anything but an object in `data` (an array, a value) replaces what `defaults` has there.
 */
export function withDefaults(defaults: unknown, data: unknown): unknown {
  if (!isRecord(defaults) || !isRecord(data)) return data === undefined ? defaults : data;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(data)) merged[key] = withDefaults(defaults[key], value);
  return merged;
}
