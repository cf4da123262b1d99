import { useEffect } from 'react';
import { seekBy, toggleMute, togglePlay } from '../lib/video-element';

/** How far ← and → move. */
export const SEEK_STEP_SECONDS = 10;

/**
 * The player's keys, anywhere on the viewer's page: space plays or pauses, ← and → move 10 s,
 * f toggles full screen, m mutes. Taken before the focused control sees them (the seek bar would
 * move by its own step, a focused button would be pressed by space, as a video service's page
 * does), except inside the settings menu, whose keys move between and pick its entries; Enter
 * still presses a focused button.
 */
export function usePlayerKeys(video: HTMLVideoElement | null, toggleFullscreen: () => void): void {
  useEffect(() => {
    if (!video) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="menu"], input, textarea')) return;
      const actions: Record<string, () => void> = {
        ' ': () => togglePlay(video),
        ArrowLeft: () => seekBy(video, -SEEK_STEP_SECONDS),
        ArrowRight: () => seekBy(video, SEEK_STEP_SECONDS),
        f: toggleFullscreen,
        m: () => toggleMute(video),
      };
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const action = actions[key];
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      action();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [video, toggleFullscreen]);
}
