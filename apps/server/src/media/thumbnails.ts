// The seek bar's thumbnails: one sprite image of small frames, and WebVTT cues that point into it
// with `#xywh=` (the format hls.js-based players and video.js read).

const THUMBNAIL_WIDTH = 160;
const THUMBNAIL_COLUMNS = 10;
/** At most this many thumbnails, however long the lesson: the sprite stays one small download. */
const MAX_THUMBNAILS = 100;

export interface SpritePlan {
  intervalSeconds: number;
  count: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
}

export function spritePlan(durationSeconds: number, sourceWidth: number, sourceHeight: number): SpritePlan {
  const intervalSeconds = Math.max(2, Math.ceil(durationSeconds / MAX_THUMBNAILS));
  const count = Math.max(1, Math.ceil(durationSeconds / intervalSeconds));
  const columns = Math.min(THUMBNAIL_COLUMNS, count);
  // Even, as the scale filter's -2 makes it.
  const height = Math.max(2, Math.round((THUMBNAIL_WIDTH * sourceHeight) / sourceWidth / 2) * 2);
  return { intervalSeconds, count, columns, rows: Math.ceil(count / columns), width: THUMBNAIL_WIDTH, height };
}

/** The ffmpeg filter that makes the sprite from the video stream it is given. */
export function spriteFilter(plan: SpritePlan): string {
  return `fps=1/${plan.intervalSeconds},scale=${plan.width}:${plan.height},tile=${plan.columns}x${plan.rows}`;
}

function timestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const hh = String(Math.floor(whole / 3600)).padStart(2, '0');
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  const ms = String(Math.round((seconds - whole) * 1000)).padStart(3, '0');
  return `${hh}:${mm}:${ss}.${ms}`;
}

/** The cues; `spriteUrl` is the sprite's address as the player should fetch it. */
export function thumbnailsVtt(plan: SpritePlan, durationSeconds: number, spriteUrl: string): string {
  const cues = ['WEBVTT', ''];
  for (let index = 0; index < plan.count; index += 1) {
    const start = index * plan.intervalSeconds;
    const end = Math.min(durationSeconds, start + plan.intervalSeconds);
    const x = (index % plan.columns) * plan.width;
    const y = Math.floor(index / plan.columns) * plan.height;
    cues.push(`${timestamp(start)} --> ${timestamp(end)}`, `${spriteUrl}#xywh=${x},${y},${plan.width},${plan.height}`, '');
  }
  return cues.join('\n');
}
