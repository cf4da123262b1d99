// Forensic marks. Every rendition exists twice, A and B, and a student's playlist picks
// A or B per segment by a bit of their codeword. The two differ only by a faint luma pattern P laid
// over the whole picture: A = source + a·P, B = source − a·P. The mark is symmetric, so a tracer
// reads a sign, which no gain or contrast change of a leaked copy can flip.
//
// P has one period of a cosine across the width and one down the height: nothing finer. Such a
// pattern is almost untouched by rescaling (to 480p or to the tracer's 64x36) and by a crop of a
// few per cent (the phase moves by a few degrees), survives x264 because it lives in the blocks' DC
// terms, which even CRF 30 keeps, and the eye hardly sees a change of a few levels spread over half
// the screen. It says nothing of the student by itself: the codeword lies in the sequence of signs.

import { MARK_AMPLITUDE } from './mark-pattern';

export { readMarks, type Alignment, type MarkReading } from './mark-reading';

export type MarkVariant = 'A' | 'B';

/**
 * The filter that marks a picture of `width`x`height` as `variant`, for a filter graph:
 * `[0:v:0]${markFilter('A', w, h)},split=...`. The labels differ by variant, so both could sit in
 * one graph; the lesson makes them in two jobs (transcode.ts, lessons/variant-b.ts), so that a
 * lesson plays as soon as ladder A is stored.
 *
 * P is drawn once, by `geq` on a single generated frame, and added to every frame by `blend` in
 * grain-merge mode (out = frame + pattern − 128, per plane). Measured on a 720p30 source: geq on
 * every frame costs 7.6x the CPU of the whole ladder's encode; the blend costs 0.2 ms a frame, about
 * 2 % of it. The pattern's chroma is 128, so colour is left as it was. The pattern frame is rounded
 * with a fixed low-discrepancy dither, so its average over any few pixels is a·P rather than
 * whole-level terraces whose edges an eye might catch on a flat slide.
 */
export function markFilter(variant: MarkVariant, width: number, height: number): string {
  const sign = variant === 'A' ? '+' : '-';
  const dither = 'mod(X*0.7548776662+Y*0.5698402910,1)-0.5';
  // markPattern's P at the pixel's centre; geq stores by truncation, so +0.5 makes it rounding.
  const luma = `128.5${sign}${MARK_AMPLITUDE}*cos(2*PI*(X+0.5)/W)*cos(2*PI*(Y+0.5)/H)+${dither}`;
  const v = `mark${variant}v`;
  const p = `mark${variant}p`;
  return [
    `format=yuv420p[${v}]`,
    `color=c=black:s=${width}x${height}:r=1:d=1,format=yuv420p,geq=lum='${luma}':cb=128:cr=128[${p}]`,
    // The single pattern frame serves every frame of the lesson (blend's eof_action=repeat).
    `[${v}][${p}]blend=all_mode=grainmerge`,
  ].join(';');
}
