import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mediaBinaries } from '../src/media/binaries';

// Real videos for tests, made by the ffmpeg npm installed (the one the server runs): a test
// pattern with a tone, H.264 + AAC in MP4. Made once per size and length, then reused.

export interface TestVideo {
  seconds: number;
  width: number;
  height: number;
  audio?: boolean;
  /** Frames per second, 25 unless said: a long lesson at a low rate costs its tests less to encode and read. */
  fps?: number;
}

const made = new Map<string, Buffer>();

export function testVideo(video: TestVideo): Buffer {
  const key = JSON.stringify(video);
  const known = made.get(key);
  if (known) return known;
  const dir = mkdtempSync(path.join(tmpdir(), 'academy-video-'));
  const file = path.join(dir, 'video.mp4');
  try {
    const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });
    const audio = video.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${video.seconds}`];
    execFileSync(ffmpeg, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=${video.width}x${video.height}:rate=${video.fps ?? 25}:duration=${video.seconds}`,
      ...audio,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
      ...(video.audio === false ? [] : ['-c:a', 'aac']),
      '-movflags', '+faststart', '-t', String(video.seconds), file,
    ]);
    const bytes = readFileSync(file);
    made.set(key, bytes);
    return bytes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
