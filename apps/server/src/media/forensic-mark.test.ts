import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaBinaries } from './binaries';
import { markFilter, readMarks, type Alignment, type MarkReading } from './forensic-mark';
import { SEGMENT_SECONDS } from './ladder';
import { runTool } from './run-tool';

// The marks with the real ffmpeg, end to end: a lecture-like source, its two marked variants made
// as the ladder makes its 720p rung, copies a student could leak (a downloader's, a screen
// recording's, one starting part-way), and the tracer reading each copy's bits back.

/**
 * ffmpeg runs at the lowest priority, so this file gets the CPU others leave: about 90 s of CPU,
 * but 8 minutes of a busy two-core CI run's wall time, and over 10 on a machine doing more. The
 * limit only stops a hang; every ffmpeg here ends on its own.
 */
const SLOW_MS = 1_800_000;
// Six segments: every case below (a copy from segment 3, a recording from 13.4 s, a loop placed at
// 12 s) and both bit values fit, with margins no thinner than a 60-second lecture's (weakest |soft|
// 0.63 and lowest median reliability 5.1 here, 0.33 and 3.9 there), for 60 % of its encoding.
const LESSON_SECONDS = 36;
const SEGMENTS = LESSON_SECONDS / SEGMENT_SECONDS;
const SLIDE_SECONDS = LESSON_SECONDS / 3;
/** The bits of the copy's codeword, segment by segment (A = 1): fixed, mixed, both kinds present. */
const BITS = [1, 0, 1, 1, 0, 0];

const binaries = mediaBinaries({ ffmpegPath: process.env.FFMPEG_PATH ?? null, ffprobePath: process.env.FFPROBE_PATH ?? null });
let dir = '';

const ffmpeg = (args: string[]) => runTool(binaries.ffmpeg, ['-nostdin', '-y', '-v', 'error', ...args]);

/**
 * A slide deck (a title bar, lines of "text", a figure; three slides), a presenter
 * moving in a corner, and a little sensor noise: what a recorded lesson looks like to an encoder.
 */
function lectureFilter(): string {
  const boxes: string[] = ['drawbox=x=0:y=0:w=1280:h=110:color=0x1e3a5f:t=fill'];
  for (let slide = 0; slide < 3; slide++) {
    const when = `enable='between(t,${slide * SLIDE_SECONDS},${(slide + 1) * SLIDE_SECONDS})'`;
    for (let line = 0; line < 7; line++) {
      const width = 220 + ((slide * 7919 + line * 104729) % 620);
      boxes.push(`drawbox=x=110:y=${190 + line * 62}:w=${width}:h=24:color=0x303040:t=fill:${when}`);
    }
    boxes.push(`drawbox=x=${720 + slide * 60}:y=${170 + slide * 40}:w=260:h=190:color=0x${3 + slide}080c0:t=fill:${when}`);
  }
  return `[0:v]${boxes.join(',')}[slide];[slide][1:v]overlay=x='900+180*sin(t/3)':y='390+20*sin(t*1.3)',noise=alls=3:allf=t,format=yuv420p`;
}

/** The 720p rung as the ladder encodes it, in segments of SEGMENT_SECONDS, keyframes on their starts. */
const RUNG = [
  '-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-preset', 'superfast', '-x264-params', 'mbtree=1:rc-lookahead=10',
  '-crf', '24', '-maxrate', '1500k', '-bufsize', '3000k',
  '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0', '-g', String(SEGMENT_SECONDS * 60),
  '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
];

/**
 * The source's rung as the ladder encodes it (720p unless `size` says), once per variant from one
 * decode, into `${prefix}${variant}/`: A and B marked, N unmarked.
 */
async function encodeVariants(source: string, prefix: string, variants: ReadonlyArray<'A' | 'B' | 'N'>, size = { width: 1280, height: 720 }): Promise<void> {
  const graph = [`[0:v:0]split=${variants.length}${variants.map((variant) => `[in${variant}]`).join('')}`];
  const outputs: string[] = [];
  for (const variant of variants) {
    await mkdir(path.join(dir, `${prefix}${variant}`));
    if (variant === 'N') outputs.push('-map', '[inN]');
    else {
      graph.push(`[in${variant}]${markFilter(variant, size.width, size.height)}[out${variant}]`);
      outputs.push('-map', `[out${variant}]`);
    }
    const folder = path.join(dir, `${prefix}${variant}`);
    outputs.push(...RUNG, '-hls_segment_filename', path.join(folder, '%d.ts'), path.join(folder, 'index.m3u8'));
  }
  await ffmpeg(['-i', source, '-filter_complex', graph.join(';'), ...outputs]);
}

/**
 * A downloader's copy: the student's playlist (segment i from A or B by bit i), saved with -c copy;
 * `lesson` names the folders' prefix ('' for the lecture, 'looping-' for the looping one).
 */
async function downloaderCopy(name: string, fromSegment: number, lesson = ''): Promise<string> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`, '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = fromSegment; i < SEGMENTS; i++) lines.push(`#EXTINF:${SEGMENT_SECONDS}.0,`, `${lesson}${BITS[i] ? 'A' : 'B'}/${i}.ts`);
  lines.push('#EXT-X-ENDLIST');
  const playlist = path.join(dir, `${name}.m3u8`);
  await writeFile(playlist, `${lines.join('\n')}\n`);
  const out = path.join(dir, `${name}.mp4`);
  await ffmpeg(['-i', playlist, '-c', 'copy', out]);
  return out;
}

/** A screen recording of `copy`: cropped, 480p, 25 fps, CRF 30, optionally starting `fromSeconds` in. */
async function screenRecording(copy: string, name: string, crop: string, fromSeconds = 0): Promise<string> {
  const out = path.join(dir, `${name}.mp4`);
  await ffmpeg(['-ss', String(fromSeconds), '-i', copy, '-vf', `${crop},scale=-2:480,fps=25`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-an', out]);
  return out;
}

const read = (copy: string, source = 'source.mp4'): Promise<MarkReading> => readMarks(binaries, { copy, source: path.join(dir, source), segmentSeconds: SEGMENT_SECONDS });

/** The placement that fits the copy best; this lecture's picture never repeats, so it is the only one near the top. */
function placed(reading: MarkReading): Alignment {
  expect(reading.alignments.length).toBeGreaterThan(0);
  return reading.alignments[0]!;
}

/**
 * Each segment read must be the bit that was sent, with |soft| clear of what an unmarked copy
 * reads (at most 0.06 here). A recording is the weak case: its encoder leaves still areas alone
 * until its own next keyframe, so a segment whose bit differs from the one before reads at about
 * half strength (|soft| 0.33-0.8, reliability 1.3-6 on this lecture; 0.9-1.4 for the others).
 * The decoder weighs segments by reliability, so the copy as a whole must be well clear of noise.
 */
function expectBits(reading: Alignment, segments: number[]): void {
  expect(reading.contentMatch).toBeGreaterThan(0.97);
  expect(reading.segments.map((segment) => segment.index)).toEqual(segments);
  for (const segment of reading.segments) {
    expect({ index: segment.index, bit: segment.soft > 0 ? 1 : 0 }).toEqual({ index: segment.index, bit: BITS[segment.index] });
    expect(Math.abs(segment.soft)).toBeGreaterThan(0.2);
  }
  const reliabilities = reading.segments.map((segment) => segment.reliability).sort((a, b) => a - b);
  expect(reliabilities[Math.floor(reliabilities.length / 2)]).toBeGreaterThan(3);
}

const all = Array.from({ length: SEGMENTS }, (_, i) => i);

describe('forensic marks', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'forensic-mark-'));
    const source = path.join(dir, 'source.mp4');
    await ffmpeg([
      '-f', 'lavfi', '-i', `color=c=0xf2efe6:s=1280x720:r=30:d=${LESSON_SECONDS}`,
      '-f', 'lavfi', '-i', `testsrc2=s=240x320:r=30:d=${LESSON_SECONDS}`,
      '-filter_complex', lectureFilter(), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', source,
    ]);
    // Both variants and an unmarked rung from one decode of the source, as the transcode will.
    await encodeVariants(source, '', ['A', 'B', 'N']);
  }, SLOW_MS);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads every bit of a copy saved by a downloader', async () => {
    const reading = placed(await read(await downloaderCopy('downloaded', 0)));
    expect(reading.offsetSeconds).toBeCloseTo(0, 1);
    expectBits(reading, all);
  }, SLOW_MS);

  it('reads every bit of a downloaded copy that starts at a later segment', async () => {
    const reading = placed(await read(await downloaderCopy('downloaded-later', 3)));
    expect(reading.offsetSeconds).toBeCloseTo(18, 1);
    expectBits(reading, all.slice(3));
  }, SLOW_MS);

  it('reads every bit of a screen recording: cropped 2 %, 480p, 25 fps, CRF 30', async () => {
    const copy = await downloaderCopy('for-recording', 0);
    const reading = await read(await screenRecording(copy, 'recorded', 'crop=iw*0.98:ih*0.98'));
    expect(reading.crop.left + reading.crop.right).toBeCloseTo(0.02, 2);
    expectBits(placed(reading), all);
  }, SLOW_MS);

  it('reads a recording that starts 13.4 s in, cropped 3 % on two sides, from the first whole segment on', async () => {
    const copy = await downloaderCopy('for-late-recording', 0);
    const reading = placed(await read(await screenRecording(copy, 'recorded-late', 'crop=iw*0.97:ih*0.97:iw*0.03:ih*0.03', 13.4)));
    expect(reading.offsetSeconds).toBeCloseTo(13.4, 0);
    // Segment 2 (12-18 s) is only partly in the copy: not read.
    expectBits(reading, all.slice(3));
  }, SLOW_MS);

  it('finds no mark in the unmarked source, nor in an unmarked encode of it', async () => {
    const unmarked = path.join(dir, 'unmarked.mp4');
    await ffmpeg(['-i', path.join(dir, 'N', 'index.m3u8'), '-c', 'copy', unmarked]);
    for (const copy of [path.join(dir, 'source.mp4'), unmarked]) {
      const reading = placed(await read(copy));
      expect(reading.contentMatch).toBeGreaterThan(0.97);
      expect(reading.segments).toHaveLength(SEGMENTS);
      for (const segment of reading.segments) {
        expect(Math.abs(segment.soft)).toBeLessThan(0.1);
        expect(segment.reliability).toBeLessThan(1);
      }
    }
  }, SLOW_MS);

  it('places a copy of a lecture whose picture repeats at every place it fits, the right one among them', async () => {
    // A still slide and a presenter box whose picture loops every 4 s (ffmpeg's testsrc2 at 320x400,
    // shown at half size): the picture alone cannot say which loop a copy starts in. At 360p: the
    // placement is what is tested here, the 720p rung's marks are tested above, and this lecture's
    // two variants cost a quarter of theirs at 720p.
    const looping = path.join(dir, 'looping.mp4');
    await ffmpeg([
      '-f', 'lavfi', '-i', `color=c=0xf2efe6:s=640x360:r=30:d=${LESSON_SECONDS}`,
      '-f', 'lavfi', '-i', `testsrc2=s=320x400:r=30:d=${LESSON_SECONDS}`,
      '-filter_complex', '[0:v]drawbox=x=0:y=0:w=640:h=55:color=0x6b2d2d:t=fill[slide];[1:v]scale=160:200[presenter];[slide][presenter]overlay=x=450:y=140,noise=alls=3:allf=t,format=yuv420p',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', looping,
    ]);
    await encodeVariants(looping, 'looping-', ['A', 'B'], { width: 640, height: 360 });
    const reading = await read(await downloaderCopy('looping-downloaded', 2, 'looping-'), 'looping.mp4');
    expect(reading.alignments.length).toBeGreaterThan(1);
    const right = reading.alignments.find((alignment) => Math.abs(alignment.offsetSeconds - 12) < 0.3);
    if (!right) throw new Error(`no placement at 12 s among ${reading.alignments.map((alignment) => alignment.offsetSeconds).join(', ')}`);
    expectBits(right, all.slice(2));
  }, SLOW_MS);
});
