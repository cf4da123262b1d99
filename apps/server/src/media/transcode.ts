import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaBinaries } from './binaries';
import { ladderFor, rungWidth, SEGMENT_SECONDS, type Rung } from './ladder';
import type { VideoFacts } from './probe';
import { markFilter, type MarkVariant } from './forensic-mark';
import { runTool } from './run-tool';
import { spriteFilter, spritePlan, thumbnailsVtt } from './thumbnails';

// One source video into the lesson's outputs, all in `outDir` (a ladder marked A; its twin marked B
// has the segments and rung playlists only):
//   master.m3u8, <rendition>/index.m3u8 and <rendition>/<n>.ts (AES-128), poster.jpg,
//   thumbnails.jpg and thumbnails.vtt.
// One ffmpeg process makes every rung and the sprite (filterGraph, ladderArgs); the poster is a
// second, short run that seeks to one frame. Segments are encrypted by ffmpeg with the lesson's key; the key's address in the playlists is the placeholder
// KEY_URI_PLACEHOLDER, which the server replaces per ticket, so no stored playlist holds a usable
// address and none ever holds the key itself.

export const KEY_URI_PLACEHOLDER = 'lesson-key';
export const SPRITE_URI_PLACEHOLDER = 'thumbnails.jpg';
/** A segment's file name: its index in the rung, from 0 (ffmpeg's %d.ts). */
export const SEGMENT_NAME_PATTERN = /^(\d+)\.ts$/;

export interface TranscodeInput {
  source: string;
  facts: VideoFacts;
  outDir: string;
  /** 16 bytes, AES-128. */
  key: Buffer;
  /**
   * null: each segment takes its media sequence number as IV (the HLS default), so no two segments
   * of a rung share one. Segment n of every rung, and both marked twins of it, do share IV n under
   * the lesson's one key: a viewer's playlist takes either twin at each position, so both must open
   * with the same key and IV. 16 bytes: one IV for every segment, as lessons transcoded before
   * sequence IVs have; their stored playlists name it (IV=0x...), so they keep playing, and their
   * twin ladder B must be cut with it again.
   */
  iv: Buffer | null;
  /** 0-100, called as ffmpeg reports. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * Which forensic mark the ladder carries (media/forensic-mark.ts). 'A' is the lesson's ladder
   * with everything around it (poster, thumbnails, master playlist); 'B' is its twin, segments and
   * rung playlists only, cut at the same instants.
   */
  mark: MarkVariant;
}

export interface TranscodeResult {
  renditions: string[];
}

/**
 * The filter graph: the picture decoded once, then scaled down step by step, tallest rung first,
 * each from the rung above it rather than from the source (a rung of the source's own size passes
 * through unscaled); a branch at full size makes the thumbnail sprite. Widths are set, not derived
 * from the step above, so every rung has the source's aspect exactly as the master playlist says.
 */
function filterGraph(input: TranscodeInput, rungs: Rung[]): string {
  const tallestFirst = [...rungs.entries()].sort(([, a], [, b]) => b.height - a.height);
  const steps = tallestFirst.map(([index, rung], step) => {
    const scaled = `[chain${step}]scale=${rungWidth(input.facts, rung.height)}:${rung.height}`;
    return step === tallestFirst.length - 1 ? `${scaled}[o${index}]` : `${scaled},split=2[o${index}][chain${step + 1}]`;
  });
  // The mark goes on at the source's size, before any scaling, so every rung carries the same one.
  const marked = `[0:v:0]${markFilter(input.mark, input.facts.width, input.facts.height)}`;
  if (input.mark === 'B') return [`${marked}[chain0]`, ...steps].join(';');
  const plan = spritePlan(input.facts.durationSeconds, input.facts.width, input.facts.height);
  return [`${marked},split=2[chain0][vt]`, ...steps, `[vt]${spriteFilter(plan)}[sprite]`].join(';');
}

function ladderArgs(input: TranscodeInput, rungs: Rung[], keyInfoFile: string): string[] {
  const hasAudio = input.facts.audioCodec !== null;
  const args = ['-nostdin', '-y', '-v', 'error', '-i', input.source, '-filter_complex', filterGraph(input, rungs)];
  for (const [index] of rungs.entries()) args.push('-map', `[o${index}]`);
  if (hasAudio) for (const _ of rungs) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  for (const [index, rung] of rungs.entries()) {
    args.push(`-preset:v:${index}`, rung.preset, `-crf:v:${index}`, String(rung.crf));
    args.push(`-maxrate:v:${index}`, `${rung.maxrateKbps}k`, `-bufsize:v:${index}`, `${rung.maxrateKbps * 2}k`);
    if (rung.x264Params) args.push(`-x264-params:v:${index}`, rung.x264Params);
    if (hasAudio) args.push(`-b:a:${index}`, `${rung.audioKbps}k`);
  }
  if (hasAudio) args.push('-c:a', 'aac', '-ac', '2');
  // Keyframes exactly at each segment's start, the same instants in every rung (a player switching
  // rungs lands on one): forced every SEGMENT_SECONDS, none at scene cuts (a slide change would
  // otherwise cost a keyframe and shift the rungs apart), and -g only a ceiling that 60 fps reaches.
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0', '-g', String(SEGMENT_SECONDS * 60));
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_key_info_file', keyInfoFile,
    '-hls_segment_filename', path.join(input.outDir, '%v', '%d.ts'),
    '-var_stream_map', rungs.map((_, index) => (hasAudio ? `v:${index},a:${index}` : `v:${index}`)).join(' '),
    path.join(input.outDir, '%v', 'index.m3u8'),
  );
  if (input.mark === 'A') args.push('-map', '[sprite]', '-frames:v', '1', path.join(input.outDir, 'thumbnails.jpg'));
  args.push('-progress', 'pipe:1', '-nostats');
  return args;
}

/** ffmpeg's -progress report: out_time_us (or the older out_time_ms, in microseconds too). */
function progressOf(line: string, durationSeconds: number): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  if (!match) return null;
  const seconds = Number(match[1]) / 1_000_000;
  return Math.max(0, Math.min(99, Math.floor((seconds / durationSeconds) * 100)));
}

async function bandwidthOf(dir: string, durationSeconds: number): Promise<{ average: number; peak: number }> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.ts'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dir, name))).size));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const average = Math.ceil((total * 8) / durationSeconds);
  // The largest segment over a full segment's time: what a player must sustain at worst.
  const peak = Math.max(average, Math.ceil((Math.max(0, ...sizes) * 8) / SEGMENT_SECONDS));
  return { average, peak };
}

/** The master playlist, written here because it names each rung and its real rates. */
async function writeMaster(input: TranscodeInput, rungs: Rung[]): Promise<void> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of rungs) {
    const { average, peak } = await bandwidthOf(path.join(input.outDir, rung.rendition), input.facts.durationSeconds);
    const width = rungWidth(input.facts, rung.height);
    const codecs = input.facts.audioCodec === null ? 'avc1.4d401f' : 'avc1.4d401f,mp4a.40.2';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${average},RESOLUTION=${width}x${rung.height},CODECS="${codecs}",NAME="${rung.rendition}"`,
      `${rung.rendition}/index.m3u8`,
    );
  }
  await writeFile(path.join(input.outDir, 'master.m3u8'), `${lines.join('\n')}\n`);
}

async function writePoster(binaries: MediaBinaries, input: TranscodeInput): Promise<void> {
  // A frame a little way in: the first is often black or a title fading in.
  const at = Math.min(input.facts.durationSeconds / 10, 30).toFixed(2);
  await runTool(binaries.ffmpeg, [
    '-nostdin', '-y', '-v', 'error', '-ss', at, '-i', input.source,
    '-frames:v', '1', '-vf', `scale=-2:${Math.min(480, input.facts.height - (input.facts.height % 2))}`, '-q:v', '4',
    path.join(input.outDir, 'poster.jpg'),
  ], { signal: input.signal, confinement: binaries.confinement });
}

export async function transcodeLesson(binaries: MediaBinaries, input: TranscodeInput, workDir: string): Promise<TranscodeResult> {
  const rungs = ladderFor(input.facts.height);
  await mkdir(input.outDir, { recursive: true });
  // The key's file lives in the work folder only while ffmpeg reads it, readable by this user alone.
  const keyFile = path.join(workDir, 'aes.key');
  const keyInfoFile = path.join(workDir, 'aes.keyinfo');
  await writeFile(keyFile, input.key, { mode: 0o600 });
  // Without an IV line ffmpeg writes no IV= into #EXT-X-KEY and encrypts segment n with IV n.
  const ivLine = input.iv ? `${input.iv.toString('hex')}\n` : '';
  await writeFile(keyInfoFile, `${KEY_URI_PLACEHOLDER}\n${keyFile}\n${ivLine}`, { mode: 0o600 });

  if (input.mark === 'A') await writePoster(binaries, input);
  await runTool(binaries.ffmpeg, ladderArgs(input, rungs, keyInfoFile), {
    signal: input.signal,
    confinement: binaries.confinement,
    onStdoutLine: (line) => {
      const percent = progressOf(line, input.facts.durationSeconds);
      if (percent !== null) input.onProgress?.(percent);
    },
  });
  // ffmpeg names a rung's folder by its index (%v); the addresses name it by its rendition.
  for (const [index, rung] of rungs.entries()) {
    await rename(path.join(input.outDir, String(index)), path.join(input.outDir, rung.rendition));
  }
  if (input.mark === 'B') return { renditions: rungs.map((rung) => rung.rendition) };
  await writeMaster(input, rungs);
  const plan = spritePlan(input.facts.durationSeconds, input.facts.width, input.facts.height);
  await writeFile(path.join(input.outDir, 'thumbnails.vtt'), thumbnailsVtt(plan, input.facts.durationSeconds, SPRITE_URI_PLACEHOLDER));
  return { renditions: rungs.map((rung) => rung.rendition) };
}
