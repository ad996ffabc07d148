/** Raised for file keys that could escape the store or are otherwise unusable. */
export class InvalidFileKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid file key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidFileKeyError';
  }
}

/**
 * Keys are relative, slash-separated paths such as `courses/42/cover.png`. Refused: empty keys,
 * NUL/control characters, backslashes, absolute paths, drive letters and empty, `.` or `..` segments.
 * Both adapters apply the same rule so code behaves alike in embedded and cluster mode.
 */
export function validateFileKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidFileKeyError(String(key), 'empty');
  if (key.length > 1024) throw new InvalidFileKeyError(key.slice(0, 64), 'longer than 1024 characters');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key))
    throw new InvalidFileKeyError(key, 'contains NUL or control characters');
  if (key.includes('\\')) throw new InvalidFileKeyError(key, 'contains a backslash');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidFileKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidFileKeyError(key, 'empty, "." or ".." path segment (path traversal)');
    }
  }
  return key;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
