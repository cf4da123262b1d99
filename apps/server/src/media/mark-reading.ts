import { mkdir, mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MediaBinaries } from './binaries';
import { MARK_AMPLITUDE, markPattern } from './mark-pattern';
import { decodeGray } from './mark-frames';
import { bestOffset, CropResampler, leastSquares, NO_CROP, normalizedFrames, offsetScores, range, rivalOffsets, shrink, type Crop } from './mark-math';
import { probeVideo } from './probe';

// Reading the marks of a leaked copy against the lesson's source (forensic-mark.ts says what the
// mark is). The copy is some stretch of the lesson, perhaps cropped a little, rescaled, re-encoded
// at another frame rate. The tracer:
//   1. samples both files at SAMPLE_FPS as tiny grayscale frames (decoding is nearly all the cost);
//   2. finds where in the source the copy starts: every offset, on 16x9 frames a second apart,
//      then each that fits about as well as the best again on 64x36 frames, all of them (a still
//      slide fits at many places: each is kept, and the codeword decides, codeword.ts);
//   3. finds the crop: the cut from each side for which the source, cut so and shrunk, looks most
//      like the copy;
//   4. at each place kept, for each source segment the copy covers, averages both over the
//      segment's frames and fits copy = gain·source + offset + s·P + decoys, so that a change of
//      brightness or contrast is taken up and what is left is the mark; s is the soft value. The
//      decoys are patterns like P that nobody added: their coefficients show how large s comes
//      out of noise alone, and so how far to trust it. (A cubic in the source's level, to take up
//      a gamma change too, also took up part of the mark: the weakest recorded segment's
//      reliability fell from 2.6 to 2.2.)

export interface ReadMarksInput {
  copy: string;
  /**
   * The lesson's source, or what gives it: called only when `referenceDir` holds no reference yet
   * (the source is then sampled once, and kept there for the next reading).
   */
  source: string | (() => Promise<string>);
  /** Where the source's sampled frames are kept between readings; a temporary folder if not given. */
  referenceDir?: string;
  segmentSeconds: number;
  signal?: AbortSignal;
  /** 0-100. */
  onProgress?: (percent: number) => void;
}

export interface SegmentMark {
  /** The source's segment: it spans [index·segmentSeconds, (index + 1)·segmentSeconds). */
  index: number;
  /** The mark's strength in units of the mark as made: about +1 for A, −1 for B, near 0 unmarked. */
  soft: number;
  /** |soft| over the spread that unmarked patterns show in this segment: below ~3, no evidence. */
  reliability: number;
}

/** One place in the source where the copy's picture fits, and the marks read there. */
export interface Alignment {
  /** Where in the source the copy's first frame is. */
  offsetSeconds: number;
  /** How alike the copy and the source are at this offset (mean frame correlation, -1..1). */
  contentMatch: number;
  segments: SegmentMark[];
}

export interface MarkReading {
  /**
   * How alike the copy and the source are at the best offset (mean frame correlation, -1..1).
   * Copies of the lesson, screen recordings included, measured 0.996 or more; another lesson built
   * from the same slide template and presenter box, 0.886. Below ~0.97, it is not this lesson, and
   * its soft values mean nothing (they can be large: the content differs, not the mark).
   */
  contentMatch: number;
  crop: Crop;
  /**
   * Every place in the source that the copy's picture fits as well as the best one (within the
   * noise), best first: a still slide or a presenter's loop fits at many, and the picture alone
   * cannot say which is right (the bench's lecture fits every 4 s equally, to 0.0001). The
   * codeword decides among them (codeword.ts counts each one tried in its bound). At most
   * MAX_ALIGNMENTS: a copy of a slide held still far longer than that is not placed reliably.
   */
  alignments: Alignment[];
}

const SAMPLE_FPS = 5;
const COPY_W = 64;
const COPY_H = 36;
/** The source is kept larger than the copy, so a crop can be modelled finer than a copy's pixel. */
const SOURCE_W = 128;
const SOURCE_H = 72;
/** Coarse search frames: the copy's shrunk by this, the source's made at this size by ffmpeg. */
const COARSE_FACTOR = 4;
/** Samples around the coarse offset kept for the fine search. */
const MARGIN = 10;
/** Frames this close to a segment's edge are skipped: the offset is known to a sample or so. */
const EDGE_SECONDS = 0.4;
/** Below this spread, reliability would divide by nearly nothing (an exact copy of the source). */
const NOISE_FLOOR = 0.05;
/** Offsets this many samples apart are one placement (the fine search settles within it). */
const RIVAL_RADIUS = SAMPLE_FPS;
/**
 * How far below the best coarse match a placement may be and still be looked at closely: the
 * larger of an absolute slack and twice the best's own distance from a perfect match (on 16x9
 * frames a recording's best is about 0.99; wrong places in a lecture that moves, 0.9 or less).
 */
const COARSE_SLACK = (best: number) => Math.max(0.002, 2 * (1 - best));
/** Placements looked at closely, at most, best coarse match first. */
const MAX_RIVALS = 256;
/** How far the close look moves a placement from its coarse offset, in samples, each way. */
const FINE_REACH = 2;
/**
 * How far below the best close match a placement may be and still be kept. On the bench's
 * lecture (a still slide, a presenter looping every 4 s), a recording matched 1.1e-3 short of
 * perfect at its right place; the other places in step with the segments came within 0.8e-4 of
 * the best, those out of step 12.7e-4 or more below it (a downloaded copy: 0.8e-4 and 14.8e-4).
 * Half the best's shortfall, or 3e-4 at least, keeps the first kind and drops the second.
 */
const FINE_SLACK = (best: number) => Math.max(0.0003, (1 - best) / 2);
/** Placements kept at most, best first (64 of them cost the decoder log2 64 = 6 bits of evidence). */
const MAX_ALIGNMENTS = 64;

const DECOYS: Array<(u: number, v: number) => number> = [
  (u, v) => Math.sin(2 * Math.PI * u) * Math.cos(2 * Math.PI * v),
  (u, v) => Math.cos(2 * Math.PI * u) * Math.sin(2 * Math.PI * v),
  (u, v) => Math.sin(2 * Math.PI * u) * Math.sin(2 * Math.PI * v),
  (u, v) => Math.cos(4 * Math.PI * u) * Math.cos(2 * Math.PI * v),
  (u, v) => Math.cos(2 * Math.PI * u) * Math.cos(4 * Math.PI * v),
  (u, v) => Math.sin(4 * Math.PI * u) * Math.cos(2 * Math.PI * v),
  (u, v) => Math.cos(2 * Math.PI * u) * Math.sin(4 * Math.PI * v),
  (u, v) => Math.cos(4 * Math.PI * u) * Math.cos(4 * Math.PI * v),
];

async function readFrames(file: string, frameBytes: number, first: number, count: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const out = new Uint8Array(frameBytes * count);
    const { bytesRead } = await handle.read(out, 0, out.length, first * frameBytes);
    return out.subarray(0, Math.floor(bytesRead / frameBytes) * frameBytes);
  } finally {
    await handle.close();
  }
}

/**
 * The crop for which the source looks most like the copy, on a few frames spread over the copy:
 * one side at a time, in steps from 1 % down to 0.25 %, until no step helps.
 */
function findCrop(copyNorm: Float32Array, copyCount: number, window: Uint8Array, windowCount: number, offset: number): Crop {
  const size = COPY_W * COPY_H;
  const picks = range(0, 47).map((i) => Math.floor(((i + 0.5) * copyCount) / 48)).filter((k) => offset + k >= 0 && offset + k < windowCount);
  const copyPicked = new Float32Array(picks.length * size);
  picks.forEach((k, i) => copyPicked.set(copyNorm.subarray(k * size, (k + 1) * size), i * size));
  const score = (crop: Crop): number => {
    const resampler = new CropResampler(SOURCE_W, SOURCE_H, COPY_W, COPY_H, crop);
    const source = new Float32Array(picks.length * size);
    picks.forEach((k, i) => resampler.resample(window, offset + k, source, i * size));
    const sourceNorm = normalizedFrames(source, size, picks.length);
    return bestOffset(copyPicked, picks.length, sourceNorm, picks.length, size, [0]).score;
  };
  let crop = { ...NO_CROP };
  let best = score(crop);
  for (const step of [0.01, 0.005, 0.0025]) {
    for (let improved = true; improved; ) {
      improved = false;
      for (const side of ['left', 'right', 'top', 'bottom'] as const) {
        for (const delta of [step, -step]) {
          const next = { ...crop, [side]: crop[side] + delta };
          if (next[side] < -0.02 || next[side] > 0.1) continue;
          const s = score(next);
          if (s > best + 1e-6) {
            best = s;
            crop = next;
            improved = true;
          }
        }
      }
    }
  }
  return crop;
}

function patternImage(pattern: (u: number, v: number) => number, crop: Crop): Float64Array {
  const out = new Float64Array(COPY_W * COPY_H);
  for (let y = 0; y < COPY_H; y++) {
    const v = crop.top + ((y + 0.5) / COPY_H) * (1 - crop.top - crop.bottom);
    for (let x = 0; x < COPY_W; x++) {
      const u = crop.left + ((x + 0.5) / COPY_W) * (1 - crop.left - crop.right);
      out[y * COPY_W + x] = pattern(u, v);
    }
  }
  return out;
}

/** The segment's soft value, and the spread of its decoys' (same units): what noise alone gives. */
function readSegment(copy: Uint8Array, source: Float32Array, pairs: Array<[number, number]>, patterns: Float64Array[]): { soft: number; noise: number } {
  const size = COPY_W * COPY_H;
  const c = new Float64Array(size);
  const s = new Float64Array(size);
  for (const [k, j] of pairs) {
    for (let i = 0; i < size; i++) {
      c[i]! += copy[k * size + i]!;
      s[i]! += source[j * size + i]!;
    }
  }
  const ones = new Float64Array(size).fill(1);
  for (let i = 0; i < size; i++) {
    c[i]! /= pairs.length;
    s[i]! /= pairs.length;
  }
  // Every pixel counts, the frame's edge included: P is strongest there. (Leaving out the outer
  // ring, where a misjudged crop shows most, took the weakest segment's reliability from 2.6 to 1.8.)
  const b = leastSquares(c, [ones, s, ...patterns]);
  // The copy's contrast scales the mark as it scales everything.
  const gain = Math.min(2, Math.max(0.5, b[1]!));
  const soft = b[2]! / (MARK_AMPLITUDE * gain);
  let noise = 0;
  for (let d = 3; d < b.length; d++) noise += (b[d]! / (MARK_AMPLITUDE * gain)) ** 2;
  return { soft, noise: Math.sqrt(noise / (b.length - 3)) };
}

/**
 * The marks of every source segment the copy covers whole, with the copy placed so that its
 * sample k is the source's sample `offsetSamples` + k (`window` must hold the source from there on).
 */
function readSegments(copy: Uint8Array, copyCount: number, window: SourceWindow, offsetSamples: number, patterns: Float64Array[], segmentSeconds: number): SegmentMark[] {
  const timeOf = (k: number) => (offsetSamples + k) / SAMPLE_FPS;
  const read: Array<{ index: number; soft: number; noise: number }> = [];
  const lastTime = timeOf(copyCount - 1);
  for (let index = Math.floor(timeOf(0) / segmentSeconds); index * segmentSeconds < lastTime; index++) {
    const start = index * segmentSeconds;
    const end = start + segmentSeconds;
    if (timeOf(0) > start + EDGE_SECONDS || lastTime < end - EDGE_SECONDS - 1 / SAMPLE_FPS) continue;
    const pairs: Array<[number, number]> = [];
    for (let k = 0; k < copyCount; k++) {
      const t = timeOf(k);
      const j = offsetSamples - window.first + k;
      if (t >= start + EDGE_SECONDS && t <= end - EDGE_SECONDS && j >= 0 && j < window.count) pairs.push([k, j]);
    }
    if (pairs.length === 0) continue;
    read.push({ index, ...readSegment(copy, window.frames, pairs, patterns) });
  }
  // Eight decoys make a rough spread for one segment; the copy's segments share most of their
  // noise (one encoder, one crop), so each segment's spread is averaged with the copy's.
  const copyNoise = Math.sqrt(read.reduce((sum, segment) => sum + segment.noise ** 2, 0) / Math.max(1, read.length));
  return read.map(({ index, soft, noise }) => ({
    index,
    soft,
    reliability: Math.abs(soft) / Math.hypot(Math.sqrt((noise ** 2 + copyNoise ** 2) / 2), NOISE_FLOOR),
  }));
}

/** The source sampled for reading: coarse frames in memory, the large ones in `file`. */
interface SourceReference {
  coarse: Uint8Array;
  count: number;
  durationSeconds: number;
  file: string;
}

const COARSE_W = COPY_W / COARSE_FACTOR;
const COARSE_H = COPY_H / COARSE_FACTOR;

/** The reference kept in `dir`, or null: `meta.json` is written last, so its presence means whole. */
async function keptReference(dir: string): Promise<SourceReference | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as { count: number; durationSeconds: number };
    const coarse = new Uint8Array(await readFile(path.join(dir, 'coarse.gray')));
    return { coarse, count: meta.count, durationSeconds: meta.durationSeconds, file: path.join(dir, 'source.gray') };
  } catch {
    return null;
  }
}

/** Samples the source into `dir` (under temporary names, renamed when whole: two readers may race). */
async function makeReference(binaries: MediaBinaries, input: ReadMarksInput, dir: string): Promise<SourceReference> {
  const source = typeof input.source === 'string' ? input.source : await input.source();
  const facts = await probeVideo(binaries, source);
  await mkdir(dir, { recursive: true });
  const tag = `${process.pid}-${Date.now()}`;
  const largeFile = path.join(dir, `source.gray.${tag}`);
  const frames = await decodeGray(binaries.ffmpeg, source, {
    width: COARSE_W,
    height: COARSE_H,
    fps: SAMPLE_FPS,
    alsoTo: { file: largeFile, width: SOURCE_W, height: SOURCE_H },
    signal: input.signal,
    confinement: binaries.confinement,
    onSeconds: (seconds) => input.onProgress?.(Math.min(90, Math.floor((seconds / facts.durationSeconds) * 90))),
  });
  await rename(largeFile, path.join(dir, 'source.gray'));
  await writeFile(path.join(dir, 'coarse.gray'), frames.pixels);
  await writeFile(path.join(dir, `meta.json.${tag}`), JSON.stringify({ count: frames.count, durationSeconds: facts.durationSeconds }));
  await rename(path.join(dir, `meta.json.${tag}`), path.join(dir, 'meta.json'));
  return { coarse: frames.pixels, count: frames.count, durationSeconds: facts.durationSeconds, file: path.join(dir, 'source.gray') };
}

/**
 * The source's frames at the copy's size and crop over a window that moves forward through the
 * lesson: placements a few seconds apart share nearly all their frames, so each frame is read and
 * resampled once however many placements use it.
 */
class SourceWindow {
  readonly frames: Float32Array;
  readonly norm: Float32Array;
  first = 0;
  count = 0;
  private readonly resampler: CropResampler;

  constructor(
    private readonly file: string,
    private readonly capacity: number,
    crop: Crop,
  ) {
    this.frames = new Float32Array(capacity * COPY_W * COPY_H);
    this.norm = new Float32Array(capacity * COPY_W * COPY_H);
    this.resampler = new CropResampler(SOURCE_W, SOURCE_H, COPY_W, COPY_H, crop);
  }

  /** The window from source sample `first` on (never before 0; shorter at the source's end). */
  async moveTo(first: number): Promise<void> {
    const size = COPY_W * COPY_H;
    const from = Math.max(0, first);
    const shift = from - this.first;
    const kept = this.count > 0 && shift >= 0 && shift < this.count ? this.count - shift : 0;
    if (kept > 0) {
      this.frames.copyWithin(0, shift * size, this.count * size);
      this.norm.copyWithin(0, shift * size, this.count * size);
    }
    const raw = await readFrames(this.file, SOURCE_W * SOURCE_H, from + kept, this.capacity - kept);
    const added = raw.length / (SOURCE_W * SOURCE_H);
    for (let i = 0; i < added; i++) this.resampler.resample(raw, i, this.frames, (kept + i) * size);
    this.norm.set(normalizedFrames(this.frames.subarray(kept * size, (kept + added) * size), size, added), kept * size);
    this.first = from;
    this.count = kept + added;
  }
}

export async function readMarks(binaries: MediaBinaries, input: ReadMarksInput): Promise<MarkReading> {
  const temporary = input.referenceDir ? null : await mkdtemp(path.join(tmpdir(), 'mark-reading-'));
  const dir = input.referenceDir ?? temporary ?? '';
  try {
    const kept = await keptReference(dir);
    const [copy, reference] = await Promise.all([
      decodeGray(binaries.ffmpeg, input.copy, {
        width: COPY_W,
        height: COPY_H,
        fps: SAMPLE_FPS,
        signal: input.signal,
        confinement: binaries.confinement,
        // With the source already sampled, the copy is all the work; it is never longer than the lesson.
        onSeconds: kept ? (seconds) => input.onProgress?.(Math.min(90, Math.floor((seconds / kept.durationSeconds) * 90))) : undefined,
      }),
      kept ?? makeReference(binaries, input, dir),
    ]);
    const coarseSize = COARSE_W * COARSE_H;
    const copyCoarse = normalizedFrames(shrink(copy.pixels, COPY_W, COPY_H, copy.count, COARSE_FACTOR), coarseSize, copy.count);
    const sourceCoarseNorm = normalizedFrames(reference.coarse, coarseSize, reference.count);
    // A frame a second is plenty to place a copy of minutes; every offset is tried.
    const offsets = range(0, reference.count - 1);
    const coarseScores = offsetScores(copyCoarse, copy.count, sourceCoarseNorm, reference.count, coarseSize, offsets, SAMPLE_FPS);
    const coarse = rivalOffsets(offsets, coarseScores, RIVAL_RADIUS, COARSE_SLACK, MAX_RIVALS);
    // Nothing to compare (a blank copy, or one longer than the source): not this lesson.
    if (coarse.length === 0) return { contentMatch: 0, crop: NO_CROP, alignments: [] };

    // The crop, found once at the best coarse placement: the picture is the same at every other.
    const size = COPY_W * COPY_H;
    const copyNorm = normalizedFrames(copy.pixels, size, copy.count);
    const best = coarse[0]!.offset;
    const first = Math.max(0, best - MARGIN);
    const raw = await readFrames(reference.file, SOURCE_W * SOURCE_H, first, copy.count + 2 * MARGIN);
    const rawCount = raw.length / (SOURCE_W * SOURCE_H);
    const uncropped = normalizedFrames(new CropResampler(SOURCE_W, SOURCE_H, COPY_W, COPY_H, NO_CROP).resampleAll(raw, rawCount), size, rawCount);
    const near = best - first;
    const roughly = bestOffset(copyNorm, copy.count, uncropped, rawCount, size, range(near - MARGIN, near + MARGIN));
    const crop = findCrop(copyNorm, copy.count, raw, rawCount, roughly.offset);
    const patterns = [markPattern, ...DECOYS].map((pattern) => patternImage(pattern, crop));
    input.onProgress?.(95);

    // Each placement looked at closely, in the source's order so that the window only moves on
    // (every other frame is plenty to rank them: the places kept and dropped differ tenfold).
    const centres = coarse.map((rival, i) => (i === 0 ? first + roughly.offset : rival.offset)).sort((a, b) => a - b);
    const window = new SourceWindow(reference.file, copy.count + 2 * FINE_REACH, crop);
    const placed = new Map<number, number>();
    for (const centre of centres) {
      await window.moveTo(centre - FINE_REACH);
      const at = centre - window.first;
      const fine = bestOffset(copyNorm, copy.count, window.norm, window.count, size, range(at - FINE_REACH, at + FINE_REACH), 2);
      const offsetSamples = window.first + fine.offset;
      if (Number.isFinite(fine.score)) placed.set(offsetSamples, Math.max(fine.score, placed.get(offsetSamples) ?? -Infinity));
    }
    const contentMatch = Math.max(-Infinity, ...placed.values());
    // Nothing placed: not this lesson.
    if (!Number.isFinite(contentMatch)) return { contentMatch: 0, crop: NO_CROP, alignments: [] };
    const chosen = [...placed]
      .filter(([, score]) => score >= contentMatch - FINE_SLACK(contentMatch))
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_ALIGNMENTS);

    // The marks read at each place kept, again in the source's order.
    const alignments: Alignment[] = [];
    for (const [offsetSamples, score] of [...chosen].sort(([a], [b]) => a - b)) {
      await window.moveTo(offsetSamples);
      alignments.push({
        offsetSeconds: offsetSamples / SAMPLE_FPS,
        contentMatch: score,
        segments: readSegments(copy.pixels, copy.count, window, offsetSamples, patterns, input.segmentSeconds),
      });
    }
    alignments.sort((a, b) => b.contentMatch - a.contentMatch);
    input.onProgress?.(100);
    return { contentMatch, crop, alignments };
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}
