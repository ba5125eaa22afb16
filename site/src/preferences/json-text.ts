/** A stored JSON text's value; undefined when nothing is stored or the text is not JSON. */
export function parsedJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
