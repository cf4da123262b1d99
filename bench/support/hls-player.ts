import { spawnSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mediaBinaries } from '../../apps/server/src/media/binaries';
import { segmentIv } from '../../apps/server/test/hls-copy';

// What bench:video does as hls.js would: read a lesson's master playlist and each rung's playlist
// (every address in them carries the viewer's ticket), fetch keys and segments, and judge a rung
// against its source: bytes a minute, and SSIM of the decrypted picture against the source scaled
// to the rung's size.

export interface Rung {
  name: string;
  width: number;
  height: number;
  playlist: string;
  key: string;
  /** Each segment's IV, in order: the playlist's IV=, or its sequence number (apps/server/test/hls-copy.ts). */
  ivs: Buffer[];
  segments: string[];
}

export interface PlayerAddresses {
  master: string;
  /** Lowest first, as the master lists them. */
  rungs: Rung[];
}

/** One GET read to its end; a status other than 200 throws. */
export async function timedGet(url: string): Promise<{ ms: number; bytes: number; body: Buffer }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url.replace(/\?t=.*/, '')}: ${response.status} ${body.toString('utf8', 0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length, body };
}

function attribute(line: string, name: string): string {
  return new RegExp(`${name}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/"/g, '') ?? '';
}

export async function playerAddresses(base: string, masterPath: string): Promise<PlayerAddresses> {
  const master = `${base}${masterPath}`;
  const lines = (await timedGet(master)).body.toString('utf8').split('\n');
  const rungs: Rung[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const [width, height] = attribute(line, 'RESOLUTION').split('x').map(Number);
    const playlist = `${base}${lines[index + 1] ?? ''}`;
    const text = (await timedGet(playlist)).body.toString('utf8').split('\n');
    const key = text.find((row) => row.startsWith('#EXT-X-KEY:')) ?? '';
    const segments = text.filter((row) => row.startsWith('/api/')).map((row) => `${base}${row}`);
    rungs.push({
      name: attribute(line, 'NAME'),
      width: width ?? 0,
      height: height ?? 0,
      playlist,
      key: `${base}${attribute(key, 'URI')}`,
      ivs: segments.map((_, index) => segmentIv(text.join('\n'), index)),
      segments,
    });
  }
  return { master, rungs };
}

export interface RungQuality {
  name: string;
  width: number;
  height: number;
  mbPerMinute: number;
  ssim: number;
}

/** Downloads and decrypts a whole rung into `file`, then compares it with the source (ffmpeg's ssim filter). */
export async function rungQuality(rung: Rung, source: string, seconds: number, file: string): Promise<RungQuality> {
  const key = (await timedGet(rung.key)).body;
  let bytes = 0;
  const plain: Buffer[] = [];
  for (const [index, segment] of rung.segments.entries()) {
    const encrypted = (await timedGet(segment)).body;
    bytes += encrypted.length;
    const decipher = createDecipheriv('aes-128-cbc', key, rung.ivs[index] ?? Buffer.alloc(16));
    plain.push(decipher.update(encrypted), decipher.final());
  }
  writeFileSync(file, Buffer.concat(plain));
  // Both pictures start at time 0 (MPEG-TS starts later), so frame n meets frame n.
  const graph = `[0:v]setpts=PTS-STARTPTS[rung];[1:v]scale=${rung.width}:${rung.height},setpts=PTS-STARTPTS[source];[rung][source]ssim`;
  const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });
  const run = spawnSync(ffmpeg, ['-nostdin', '-i', file, '-i', source, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8' });
  const ssim = Number(/SSIM .*All:([\d.]+)/.exec(run.stderr)?.[1]);
  if (!Number.isFinite(ssim)) throw new Error(`ffmpeg measured no SSIM for ${rung.name}: ${run.stderr.slice(-500)}`);
  return { name: rung.name, width: rung.width, height: rung.height, mbPerMinute: bytes / 1e6 / (seconds / 60), ssim };
}
