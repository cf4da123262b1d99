import { failedToStart, spawnTool, startError, ToolError, type ToolConfinement } from './run-tool';

// Small grayscale frames out of a video, for the tracer. ffmpeg samples the video at a fixed rate
// and shrinks each frame to a few thousand pixels; decoding the full-size picture is most of the
// cost, and it is paid once per file.

export interface GrayFrames {
  width: number;
  height: number;
  /** Frames per second of the samples (sample k is at k / fps seconds from the first frame). */
  fps: number;
  count: number;
  /** `count` frames of width·height bytes, one after another. */
  pixels: Uint8Array;
}

export interface GrayDecode {
  width: number;
  height: number;
  fps: number;
  /** Also writes the same frames, larger, to this raw file (see `alsoTo`). */
  alsoTo?: { file: string; width: number; height: number };
  signal?: AbortSignal;
  /** The tool's limits and sandbox (run-tool.ts); its defaults unless given. */
  confinement?: ToolConfinement;
  /** Called with the source time reached, in seconds. */
  onSeconds?: (seconds: number) => void;
}

const STDERR_TAIL_BYTES = 4096;

export function decodeGray(ffmpeg: string, file: string, decode: GrayDecode): Promise<GrayFrames> {
  const sample = `fps=${decode.fps}`;
  const small = `scale=${decode.width}:${decode.height}:flags=area,format=gray`;
  const args = ['-nostdin', '-v', 'error', '-i', file, '-an', '-sn', '-dn'];
  if (decode.alsoTo) {
    // One decode feeds both sizes: the big one goes to a file, read back only for the stretch the
    // copy covers (a 90-minute source at the large size would be a quarter of a gigabyte in memory).
    const large = `scale=${decode.alsoTo.width}:${decode.alsoTo.height}:flags=area,format=gray`;
    args.push('-filter_complex', `[0:v:0]${sample},split=2[big][small0];[big]${large}[big1];[small0]${small}[small1]`);
    args.push('-map', '[big1]', '-f', 'rawvideo', '-y', decode.alsoTo.file, '-map', '[small1]', '-f', 'rawvideo', 'pipe:1');
  } else {
    args.push('-map', '0:v:0', '-vf', `${sample},${small}`, '-f', 'rawvideo', 'pipe:1');
  }
  args.push('-progress', 'pipe:2', '-nostats');
  const frameBytes = decode.width * decode.height;
  return new Promise((resolve, reject) => {
    // Tracing waits; students being served do not (run-tool.ts).
    const child = spawnTool(ffmpeg, args, decode.signal, decode.confinement);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      const time = /out_time_(?:us|ms)=(\d+)\s*$/m.exec(chunk);
      if (time && decode.onSeconds) decode.onSeconds(Number(time[1]) / 1_000_000);
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.once('error', (error) => {
      if (failedToStart(child)) reject(startError(error));
    });
    child.once('close', (code, signal) => {
      if (code !== 0) {
        const detail = stderr.split('\n').filter((line) => !/^[a-z_]+=/.test(line)).join('\n').trim();
        reject(new ToolError(`ffmpeg stopped (${signal ?? `exit ${code}`})`, detail));
        return;
      }
      const all = Buffer.concat(chunks);
      const count = Math.floor(all.length / frameBytes);
      resolve({ width: decode.width, height: decode.height, fps: decode.fps, count, pixels: new Uint8Array(all.buffer, all.byteOffset, count * frameBytes) });
    });
  });
}
