// The tracer's arithmetic on small grayscale frames (mark-reading.ts says what it is for): matching
// a copy's frames against the source's, modelling a crop, and reading the mark of one segment.

/** The part of the source's picture a copy shows, as fractions cut from each side. */
export interface Crop {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const NO_CROP: Crop = { left: 0, right: 0, top: 0, bottom: 0 };

/**
 * Box-filter weights that take a row of `from` source pixels to `to` copy pixels, the copy showing
 * the source from fraction `cutLow` to 1 − `cutHigh`. Box, as ffmpeg's `area` scaler that made
 * both sides, so a frame resampled here matches the copy's own pixels; beyond the source's edge
 * (a negative cut) the edge pixel repeats.
 */
function axisWeights(from: number, to: number, cutLow: number, cutHigh: number): Array<Array<[number, number]>> {
  const span = 1 - cutLow - cutHigh;
  const rows: Array<Array<[number, number]>> = [];
  for (let j = 0; j < to; j++) {
    const a = (cutLow + (j / to) * span) * from;
    const b = (cutLow + ((j + 1) / to) * span) * from;
    const taps = new Map<number, number>();
    for (let p = Math.floor(a); p < Math.ceil(b); p++) {
      const overlap = Math.min(b, p + 1) - Math.max(a, p);
      if (overlap <= 0) continue;
      const index = Math.min(from - 1, Math.max(0, p));
      taps.set(index, (taps.get(index) ?? 0) + overlap / (b - a));
    }
    rows.push([...taps.entries()]);
  }
  return rows;
}

/** Resamples frames (`fromW`x`fromH`) to `toW`x`toH` through `crop`; separable, so cheap. */
export class CropResampler {
  private readonly xs: Array<Array<[number, number]>>;
  private readonly ys: Array<Array<[number, number]>>;
  private readonly row: Float32Array;

  constructor(
    private readonly fromW: number,
    private readonly fromH: number,
    readonly toW: number,
    readonly toH: number,
    crop: Crop,
  ) {
    this.xs = axisWeights(fromW, toW, crop.left, crop.right);
    this.ys = axisWeights(fromH, toH, crop.top, crop.bottom);
    this.row = new Float32Array(fromH * toW);
  }

  /** Frame `index` of `pixels` into `out` at `outOffset`. */
  resample(pixels: Uint8Array, index: number, out: Float32Array, outOffset = 0): void {
    const base = index * this.fromW * this.fromH;
    for (let y = 0; y < this.fromH; y++) {
      const line = base + y * this.fromW;
      for (let x = 0; x < this.toW; x++) {
        let sum = 0;
        for (const [p, w] of this.xs[x]!) sum += w * pixels[line + p]!;
        this.row[y * this.toW + x] = sum;
      }
    }
    for (let y = 0; y < this.toH; y++) {
      for (let x = 0; x < this.toW; x++) {
        let sum = 0;
        for (const [p, w] of this.ys[y]!) sum += w * this.row[p * this.toW + x]!;
        out[outOffset + y * this.toW + x] = sum;
      }
    }
  }

  resampleAll(pixels: Uint8Array, count: number): Float32Array {
    const size = this.toW * this.toH;
    const out = new Float32Array(count * size);
    for (let i = 0; i < count; i++) this.resample(pixels, i, out, i * size);
    return out;
  }
}

/**
 * Each frame with its mean taken out and scaled to length 1, so a dot product of two is their
 * correlation, blind to brightness and contrast. A flat frame (a black screen) is left all zero
 * and counts for nothing.
 */
export function normalizedFrames(frames: ArrayLike<number>, size: number, count: number): Float32Array {
  const out = new Float32Array(size * count);
  for (let f = 0; f < count; f++) {
    const base = f * size;
    let mean = 0;
    for (let i = 0; i < size; i++) mean += frames[base + i]!;
    mean /= size;
    let norm = 0;
    for (let i = 0; i < size; i++) norm += (frames[base + i]! - mean) ** 2;
    // Less than a level of spread per pixel: nothing on the screen to match.
    if (norm < size) continue;
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < size; i++) out[base + i] = (frames[base + i]! - mean) * scale;
  }
  return out;
}

function hasContent(frames: Float32Array, size: number, index: number): boolean {
  for (let i = 0; i < size; i++) if (frames[index * size + i] !== 0) return true;
  return false;
}

/** The mean of each `factor`x`factor` block: the copy's frames at the coarse search's size. */
export function shrink(pixels: Uint8Array, width: number, height: number, count: number, factor: number): Float32Array {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Float32Array(w * h * count);
  for (let f = 0; f < count; f++) {
    for (let y = 0; y < h * factor; y++) {
      for (let x = 0; x < w * factor; x++) {
        out[f * w * h + Math.floor(y / factor) * w + Math.floor(x / factor)]! += pixels[f * width * height + y * width + x]! / (factor * factor);
      }
    }
  }
  return out;
}

export interface OffsetMatch {
  /** Source sample that matches the copy's first sample. */
  offset: number;
  /** Mean correlation of the compared frames, -1..1. */
  score: number;
}

/**
 * How well the copy's frames match the source's at each of `offsets` (in samples: the source
 * sample that matches the copy's first): the mean correlation of the compared frames, -1..1, or
 * -Infinity where too little overlaps. Compares every `stride`-th frame of the copy; the copy may
 * run past the source's end by a few samples (a rounding of lengths), not more.
 */
export function offsetScores(copy: Float32Array, copyCount: number, source: Float32Array, sourceCount: number, size: number, offsets: readonly number[], stride = 1): Float64Array {
  const frames: number[] = [];
  for (let k = 0; k < copyCount; k += stride) if (hasContent(copy, size, k)) frames.push(k);
  const scores = new Float64Array(offsets.length).fill(-Infinity);
  for (const [o, offset] of offsets.entries()) {
    let sum = 0;
    let compared = 0;
    for (const k of frames) {
      const s = offset + k;
      if (s < 0 || s >= sourceCount) continue;
      let dot = 0;
      const cb = k * size;
      const sb = s * size;
      for (let i = 0; i < size; i++) dot += copy[cb + i]! * source[sb + i]!;
      sum += dot;
      compared++;
    }
    if (compared > 0 && compared >= frames.length * 0.9) scores[o] = sum / compared;
  }
  return scores;
}

/** The offset of `offsets` at which the copy's frames best match the source's (offsetScores). */
export function bestOffset(copy: Float32Array, copyCount: number, source: Float32Array, sourceCount: number, size: number, offsets: readonly number[], stride = 1): OffsetMatch {
  const scores = offsetScores(copy, copyCount, source, sourceCount, size, offsets, stride);
  let best: OffsetMatch = { offset: 0, score: -Infinity };
  for (const [o, offset] of offsets.entries()) if (scores[o]! > best.score) best = { offset, score: scores[o]! };
  return best;
}

/**
 * The offsets a copy's picture cannot tell apart from the best one: local maxima of `scores`
 * (none higher within `radius` samples) within `slackOf(best score)` of the best, best first, at
 * most `max`. A still slide, or a presenter's loop, matches the copy equally well at many places.
 */
export function rivalOffsets(offsets: readonly number[], scores: Float64Array, radius: number, slackOf: (best: number) => number, max: number): OffsetMatch[] {
  let best = -Infinity;
  for (const score of scores) best = Math.max(best, score);
  const slack = slackOf(best);
  const found: OffsetMatch[] = [];
  for (const [o, offset] of offsets.entries()) {
    const score = scores[o]!;
    if (!Number.isFinite(score) || score < best - slack) continue;
    let peak = true;
    for (let q = Math.max(0, o - radius); q <= Math.min(offsets.length - 1, o + radius) && peak; q++) {
      // Ties go to the earlier offset, so a flat stretch yields one rival, not one per sample.
      peak = q === o || (q < o ? scores[q]! < score : scores[q]! <= score);
    }
    if (peak) found.push({ offset, score });
  }
  return found.sort((a, b) => b.score - a.score).slice(0, max);
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Solves the symmetric positive system `a`·x = `b` (n small) by Gaussian elimination. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]!) > Math.abs(m[pivot * n + c]!)) pivot = r;
    if (pivot !== c) {
      for (let k = 0; k < n; k++) [m[c * n + k], m[pivot * n + k]] = [m[pivot * n + k]!, m[c * n + k]!];
      [x[c], x[pivot]] = [x[pivot]!, x[c]!];
    }
    const d = m[c * n + c]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r * n + c]! / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) m[r * n + k]! -= f * m[c * n + k]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let c = 0; c < n; c++) x[c] = Math.abs(m[c * n + c]!) < 1e-12 ? 0 : x[c]! / m[c * n + c]!;
  return x;
}

/** Least squares of `y` on the columns of `columns` (all the same length): the coefficients, in the columns' order. */
export function leastSquares(y: Float64Array, columns: Float64Array[]): Float64Array {
  const n = columns.length;
  const ata = new Float64Array(n * n);
  const aty = new Float64Array(n);
  for (let i = 0; i < y.length; i++) {
    for (let r = 0; r < n; r++) {
      const vr = columns[r]![i]!;
      aty[r]! += vr * y[i]!;
      for (let c = r; c < n; c++) ata[r * n + c]! += vr * columns[c]![i]!;
    }
  }
  for (let r = 0; r < n; r++) for (let c = 0; c < r; c++) ata[r * n + c] = ata[c * n + r]!;
  return solve(ata, aty, n);
}
