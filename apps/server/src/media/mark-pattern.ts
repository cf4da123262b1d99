// The mark's pattern P and its strength, shared by the filter that adds it (forensic-mark.ts) and
// the tracer that reads it (mark-reading.ts).

/**
 * The pattern's peak, in 8-bit luma levels: the smallest that reads with a margin. On a 10-minute
 * lecture (100 segments), copies re-encoded as a screen recording (480p, CRF 30, 25 fps, cropped
 * 2-3 %) read every bit at 3, 2, 1.5 and even 1, but the weakest segment stood about 4, 3, 1.5
 * and 1 times its noise above zero: below 2 a harsher recorder starts to flip bits. (At 2 the
 * reader now leaves its weakest such segment at 3.9 times its noise, the median at 12.) At 3 the
 * pattern shows on a flat slide as a faint vignette; at 2 it is fainter, though an eye that looks
 * for it still finds it.
 */
export const MARK_AMPLITUDE = 2;

/** P at a point of the picture, in coordinates 0..1 across and down (peak 1, mean 0). */
export function markPattern(u: number, v: number): number {
  return Math.cos(2 * Math.PI * u) * Math.cos(2 * Math.PI * v);
}
