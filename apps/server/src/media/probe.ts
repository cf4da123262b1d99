import { LESSONS_TEXT } from '@academy/contract';
import type { MediaBinaries } from './binaries';
import { runTool } from './run-tool';

// What ffprobe says of a file. A file that is not a decodable video (a renamed PDF or text file,
// an mp4 with no picture, a codec this ffmpeg cannot decode) is refused here, before it is kept.

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  /** Null when the file has no sound. */
  audioCodec: string | null;
  sizeBytes: number;
}

/** A file that is not a playable video; its message is the one the uploader sees. */
export class NotPlayableVideo extends Error {
  constructor(readonly reason: string) {
    super(LESSONS_TEXT.notPlayableVideo);
    this.name = 'NotPlayableVideo';
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; size?: string };
}

export async function probeVideo(binaries: MediaBinaries, file: string): Promise<VideoFacts> {
  let output: ProbeOutput;
  try {
    const text = await runTool(binaries.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { confinement: binaries.confinement });
    output = JSON.parse(text) as ProbeOutput;
  } catch {
    throw new NotPlayableVideo('ffprobe could not read it');
  }
  // A cover picture is a video stream too, but not a film.
  const video = output.streams?.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const audio = output.streams?.find((stream) => stream.codec_type === 'audio');
  const durationSeconds = Number(output.format?.duration);
  if (!video?.codec_name || !video.width || !video.height) throw new NotPlayableVideo('no video stream');
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new NotPlayableVideo('no duration');
  // Decoding the first frame proves the picture is one this ffmpeg can turn into a ladder.
  await decodeFirstFrame(binaries, file);
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    sizeBytes: Number(output.format?.size ?? 0),
  };
}

/**
 * Throws NotPlayableVideo unless ffmpeg decodes the file's first picture. On its own for files the
 * npm ffprobe build cannot read (it crashes on MPEG-TS, what a stream downloader saves).
 */
export async function decodeFirstFrame(binaries: MediaBinaries, file: string): Promise<void> {
  try {
    await runTool(binaries.ffmpeg, ['-v', 'error', '-nostdin', '-i', file, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'], { confinement: binaries.confinement });
  } catch {
    throw new NotPlayableVideo('its picture cannot be decoded');
  }
}
