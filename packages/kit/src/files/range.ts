/**
 * Checks a byte range that does not depend on the file's size: integers, 0 <= start <= end.
 * Both adapters call it before any I/O, so a bad range is refused even for a missing key.
 */
export function checkRangeBounds(key: string, start: number, end: number): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    throw new RangeError(`Range of ${JSON.stringify(key)}: start ${start} and end ${end} must be integers`);
  }
  if (start < 0) throw new RangeError(`Range of ${JSON.stringify(key)}: start ${start} is negative`);
  if (start > end) throw new RangeError(`Range of ${JSON.stringify(key)}: start ${start} is after end ${end}`);
}

/**
 * Fits a checked range to a file of `size` bytes: the end is clamped to the last byte; a start at or
 * past the end of the file (always, for an empty file) is a RangeError, like HTTP's 416.
 * Returns the inclusive end actually served.
 */
export function clampRangeEnd(key: string, start: number, end: number, size: number): number {
  if (start >= size) {
    throw new RangeError(`Range of ${JSON.stringify(key)}: start ${start} is not before the size ${size}`);
  }
  return Math.min(end, size - 1);
}
