import { execFileSync } from 'node:child_process';
import { mediaBinaries } from '../../apps/server/src/media/binaries';

// A lecture as a tutor records one, made by the ffmpeg the server runs:
// a still slide (a title bar, lines of text, a picture), a presenter moving in one corner (a
// test pattern, a fifth of the frame), light camera noise over all of it, and a voice-like tone;
// 720p at 30 frames a second, H.264 at about 2.5 Mbit/s with AAC, in MP4.

export const LECTURE_SIZE = { width: 1280, height: 720, fps: 30 };

const SLIDE = [
  'drawbox=x=0:y=0:w=1280:h=110:color=0x6B2D2D:t=fill',
  ...[720, 640, 700, 520].map((width, line) => `drawbox=x=80:y=${170 + line * 60}:w=${width}:h=26:color=0x444444:t=fill`),
  'drawbox=x=80:y=470:w=600:h=200:color=0x2E5A6B:t=fill',
].join(',');

/**
 * `presenter` 'other' makes another lecture of the same template (same slide, another moving
 * picture): a lesson the portal does not have, for the tracer's bench.
 */
export function makeLectureVideo(file: string, seconds: number, presenter: 'test-pattern' | 'other' = 'test-pattern'): void {
  const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });
  const { width, height, fps } = LECTURE_SIZE;
  const moving = presenter === 'test-pattern' ? `testsrc2=s=320x400:r=${fps}:d=${seconds}` : `life=s=320x400:r=${fps}:mold=10:ratio=0.3:death_color=0x203040:life_color=0xC0A080,trim=duration=${seconds}`;
  execFileSync(ffmpeg, [
    '-nostdin', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=0xF3EFE4:s=${width}x${height}:r=${fps}:d=${seconds}`,
    '-f', 'lavfi', '-i', moving,
    '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:d=${seconds}`,
    '-filter_complex', `[0:v]${SLIDE}[slide];[slide][1:v]overlay=x=900:y=280[pic];[pic]noise=alls=3:allf=t,format=yuv420p[v]`,
    '-map', '[v]', '-map', '2:a',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2400k', '-maxrate', '2600k', '-bufsize', '5000k', '-g', String(fps * 2),
    '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file,
  ]);
}
