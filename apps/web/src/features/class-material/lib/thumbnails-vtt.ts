// The seek bar's thumbnails: the server's WebVTT cues, each pointing into one sprite image with a
// media fragment (`thumbnails.jpg?t=…#xywh=x,y,w,h`).

export interface ThumbnailCue {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

function seconds(stamp: string): number {
  const parts = stamp.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function parseThumbnailsVtt(text: string): ThumbnailCue[] {
  const cues: ThumbnailCue[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const timing = /^([\d:.]+)\s+-->\s+([\d:.]+)/.exec(lines[index] ?? '');
    const target = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(lines[index + 1]?.trim() ?? '');
    if (!timing || !target) continue;
    cues.push({
      start: seconds(timing[1] ?? '0'),
      end: seconds(timing[2] ?? '0'),
      url: target[1] ?? '',
      x: Number(target[2]),
      y: Number(target[3]),
      width: Number(target[4]),
      height: Number(target[5]),
    });
  }
  return cues;
}

export function cueAt(cues: ThumbnailCue[], time: number): ThumbnailCue | undefined {
  return cues.find((cue) => time >= cue.start && time < cue.end) ?? cues[cues.length - 1];
}
