import type { DriveItem } from '@academy/contract';

// What class material asks of the watching feature, as an interface so the two stay apart: a
// student's listing carries their progress, "New" on lessons and "N new" on classes.

export interface WatchingHooks {
  /** The items with the student's progress and "New" marks; called for students only. */
  describe(items: DriveItem[], accountId: string): Promise<DriveItem[]>;
  /** An item was renamed: progress kept by file id follows it (the disk store's ids are paths). */
  renamed(fromId: string, toId: string): Promise<void>;
}
