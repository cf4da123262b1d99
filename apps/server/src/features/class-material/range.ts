import type { ByteRange } from '../../storage/file-store';

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 14.2):
 * - no header, another unit, several ranges or a malformed one: null, and the whole file is sent
 *   (the RFC lets a server ignore what it does not serve);
 * - a range that starts past the end: 'unsatisfiable' (416);
 * - otherwise the range, its end clipped to the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // 'bytes=9-5' is not a range at all: ignored, like any header that cannot be read.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
