import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { DEFAULT_CONFINEMENT, type ToolConfinement } from './run-tool';

// ffmpeg and ffprobe come with `npm ci` (registry packages that ship static binaries for the
// platform), so a fresh machine needs nothing else; FFMPEG_PATH / FFPROBE_PATH choose the
// system's instead (config.ts reads them, null means the shipped ones).

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** The limits and sandbox every run of either gets (run-tool.ts). */
  confinement: ToolConfinement;
}

export function mediaBinaries(chosen: { ffmpegPath: string | null; ffprobePath: string | null; toolConfinement?: ToolConfinement }): MediaBinaries {
  return { ffmpeg: chosen.ffmpegPath ?? ffmpegInstaller.path, ffprobe: chosen.ffprobePath ?? ffprobeInstaller.path, confinement: chosen.toolConfinement ?? DEFAULT_CONFINEMENT };
}
