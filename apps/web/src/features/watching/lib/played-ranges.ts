import { MAX_PLAYED_SECONDS_PER_REPORT } from '@academy/contract';

/** A jump larger than this between two time updates is a seek, not playback. */
const LARGEST_STEP_SECONDS = 3;

/**
 * What was played since the last report, as stretches of the lesson: playback extends the open
 * stretch, a seek closes it. Taken (and emptied) by each report.
 */
export class PlayedRanges {
  private ranges: [number, number][] = [];
  private last: number | null = null;

  /** The video played up to `time` (a timeupdate while playing). */
  played(time: number): void {
    const last = this.last;
    this.last = time;
    if (last === null || time < last || time - last > LARGEST_STEP_SECONDS) return;
    const open = this.ranges.at(-1);
    if (open && open[1] === last) open[1] = time;
    else this.ranges.push([last, time]);
  }

  /** A seek or pause: the next time update starts a new stretch. */
  broken(): void {
    this.last = null;
  }

  /** The stretches so far, at most what one report may carry; the rest stays for the next. */
  take(): [number, number][] {
    const out: [number, number][] = [];
    let total = 0;
    while (this.ranges.length > 0 && out.length < 20) {
      const [from, to] = this.ranges[0] as [number, number];
      const room = MAX_PLAYED_SECONDS_PER_REPORT - total;
      if (room <= 0) break;
      if (to - from <= room) {
        out.push([from, to]);
        total += to - from;
        this.ranges.shift();
      } else {
        out.push([from, from + room]);
        (this.ranges[0] as [number, number])[0] = from + room;
        total += room;
      }
    }
    return out.map(([from, to]) => [round(from), round(to)]);
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
