import { LESSON_RENDITIONS, type LessonRendition } from '@academy/contract';

// What a viewer chose in the player, kept on this device (localStorage): the quality, the data
// saver and the speed. Data saver starts on where the browser says the line is cellular or slow,
// until the viewer sets it either way.

export type QualityChoice = 'auto' | LessonRendition;
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Data saver's ceiling: the 360p rung spends about 3 MB a minute. */
export const DATA_SAVER_MAX_HEIGHT = 360;

const STORAGE_KEY = 'academy.player';

export interface PlayerPreferences {
  quality: QualityChoice;
  dataSaver: boolean;
  speed: number;
}

/** The Network Information API, where the browser has it (Chromium on Android, not Safari). */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

/** True when the browser reports a cellular or slow connection, or the reader asked to save data. */
export function connectionIsCostly(connection: NetworkInformation | undefined): boolean {
  if (!connection) return false;
  return Boolean(connection.saveData) || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '') || connection.type === 'cellular';
}

export function readPlayerPreferences(): PlayerPreferences {
  let stored: Partial<PlayerPreferences> = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<PlayerPreferences>;
  } catch {
    // A damaged entry is forgotten.
  }
  const quality = stored.quality === 'auto' || LESSON_RENDITIONS.includes(stored.quality as LessonRendition) ? (stored.quality as QualityChoice) : 'auto';
  const speed = PLAYBACK_SPEEDS.includes(stored.speed as (typeof PLAYBACK_SPEEDS)[number]) ? (stored.speed as number) : 1;
  return {
    quality,
    speed,
    dataSaver: typeof stored.dataSaver === 'boolean' ? stored.dataSaver : connectionIsCostly((navigator as { connection?: NetworkInformation }).connection),
  };
}

export function writePlayerPreferences(preferences: PlayerPreferences): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Private mode with no storage: the choice lasts for this page only.
  }
}
