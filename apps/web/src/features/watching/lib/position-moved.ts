/**
 * A seek shorter than this is the player's own, not the student's: a renewed address sought back
 * to where the old one stopped, or a stream's start nudged past a gap of a few milliseconds.
 */
const SMALLEST_MOVE_SECONDS = 0.5;

/**
 * Whether a progress report says anything new: something was played, or the student moved away
 * from the last position reported (at first, the one the lesson opened at). Opening a lesson and
 * leaving without playing or seeking must not overwrite where the student stopped last time,
 * whatever the player did by itself in between.
 */
export function worthReporting(played: readonly (readonly [number, number])[], position: number, lastReported: number): boolean {
  return played.length > 0 || Math.abs(position - lastReported) >= SMALLEST_MOVE_SECONDS;
}
