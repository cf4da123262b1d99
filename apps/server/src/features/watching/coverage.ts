import { COVERAGE_BUCKET_SECONDS } from '@academy/contract';

// Which parts of a lesson a student played, as a bitmap of COVERAGE_BUCKET_SECONDS slices kept in
// base64 on the progress row (a 6-hour lesson is 540 bytes). Replays add played time, not coverage,
// so "% watched" means how much of the lesson was seen at least once, and skipping ahead counts nothing.

export function decode(coverage: string): Uint8Array {
  return coverage ? new Uint8Array(Buffer.from(coverage, 'base64')) : new Uint8Array(0);
}

export function encode(bits: Uint8Array): string {
  return Buffer.from(bits).toString('base64');
}

/** The bitmap with every slice a played range touches set (half-open: [0, 20] sets slices 0-3). */
export function markPlayed(bits: Uint8Array, ranges: readonly (readonly [number, number])[]): Uint8Array {
  let out = bits;
  for (const [from, to] of ranges) {
    if (to <= from) continue;
    const first = Math.floor(from / COVERAGE_BUCKET_SECONDS);
    const last = Math.ceil(to / COVERAGE_BUCKET_SECONDS) - 1;
    const bytes = (last >> 3) + 1;
    if (bytes > out.length) {
      const grown = new Uint8Array(bytes);
      grown.set(out);
      out = grown;
    }
    for (let bucket = first; bucket <= last; bucket += 1) out[bucket >> 3] = (out[bucket >> 3] ?? 0) | (1 << (bucket & 7));
  }
  return out;
}

export function isPlayed(bits: Uint8Array, bucket: number): boolean {
  return (((bits[bucket >> 3] ?? 0) >> (bucket & 7)) & 1) === 1;
}

/** Seconds covered: set slices times the slice length. */
export function coveredSeconds(bits: Uint8Array): number {
  let count = 0;
  for (const byte of bits) {
    let value = byte;
    while (value) {
      count += value & 1;
      value >>= 1;
    }
  }
  return count * COVERAGE_BUCKET_SECONDS;
}

/** True when the slice holding the moment `seconds` was played. */
export function playedAt(bits: Uint8Array, seconds: number): boolean {
  return isPlayed(bits, Math.floor(seconds / COVERAGE_BUCKET_SECONDS));
}
