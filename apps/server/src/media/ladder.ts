import { LESSON_RENDITION_HEIGHTS, LESSON_RENDITIONS, type LessonRendition } from '@academy/contract';

// The HLS ladder. A lecture is mostly a still slide, so each rung is encoded at a constant quality
// (CRF) with a ceiling on the rate: still scenes cost few bits, movement is capped so the rung fits
// its line (240p within ~1.5 MB a minute, 360p within ~3 MB, sound included).
//
// Speed (goal: the ladder at >= 3x real time on two shared cores, ffmpeg at low priority):
// the two large rungs hold most of the pixels, so they use x264's superfast preset, with the
// macroblock tree and a short lookahead put back (superfast drops both, and without them a still
// slide's noise is re-spent on every frame: the 480p rung grew 2.5x). The small rungs, which
// carry the data-saver quality goals, keep veryfast. Sound is encoded once per rung: ffmpeg's HLS
// muxer hands an audio stream's packets to one variant only, so a shared one leaves the others
// silent (AAC is a small share of the work).

export type X264Preset = 'veryfast' | 'superfast';

export interface Rung {
  rendition: LessonRendition;
  height: number;
  crf: number;
  maxrateKbps: number;
  audioKbps: number;
  preset: X264Preset;
  /** x264's own options on top of the preset ('' for none). */
  x264Params: string;
}

const FAST_WITH_TREE = { preset: 'superfast', x264Params: 'mbtree=1:rc-lookahead=10' } as const;
const VERYFAST = { preset: 'veryfast', x264Params: '' } as const;

const RUNGS: Record<LessonRendition, Omit<Rung, 'rendition' | 'height'>> = {
  '240p': { crf: 27, maxrateKbps: 140, audioKbps: 48, ...VERYFAST },
  '360p': { crf: 26, maxrateKbps: 320, audioKbps: 48, ...VERYFAST },
  '480p': { crf: 25, maxrateKbps: 700, audioKbps: 64, ...FAST_WITH_TREE },
  '720p': { crf: 24, maxrateKbps: 1500, audioKbps: 96, ...FAST_WITH_TREE },
};

/** Segments of about this many seconds: a keyframe is forced at every multiple. */
export const SEGMENT_SECONDS = 6;


/** The rungs for a source of this height: none above it, and always the lowest (at most the source's height). */
export function ladderFor(sourceHeight: number): Rung[] {
  const rungs = LESSON_RENDITIONS.filter((rendition) => LESSON_RENDITION_HEIGHTS[rendition] <= sourceHeight).map((rendition) => ({
    rendition,
    height: LESSON_RENDITION_HEIGHTS[rendition],
    ...RUNGS[rendition],
  }));
  if (rungs.length > 0) return rungs;
  // x264 wants even sizes.
  return [{ rendition: '240p', height: Math.max(2, sourceHeight - (sourceHeight % 2)), ...RUNGS['240p'] }];
}

/** A rung's width: the source's aspect at that height, made even as x264 wants (ffmpeg's scale=-2 rounding). */
export function rungWidth(source: { width: number; height: number }, height: number): number {
  return Math.round((source.width * height) / source.height / 2) * 2;
}
