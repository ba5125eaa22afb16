import { createHash } from 'node:crypto';

/** Chrome's extension id for a manifest key: sha256 of the DER key, first 32 hex digits mapped 0-f to a-p. */
export function extensionIdFromKey(base64Key: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64Key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}
