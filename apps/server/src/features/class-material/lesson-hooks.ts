import type { DriveItem, FileTicketAnswer } from '@academy/contract';

// What class material asks of the lessons feature (streamed videos), as an interface so the two
// stay apart: a video is probed before it lands and processed after, its streamed version follows
// renames and deletes, and listings and tickets carry what the player needs.

export interface LessonViewer {
  admin: boolean;
  /** A viewer ticket for this caller and file (as the file ticket's). */
  ticketFor: (fileId: string) => string;
}

export interface LessonHooks {
  /** Refuses (415, nothing kept) a file that is not a playable video; answers what the probe found. */
  probe(file: string): Promise<unknown>;
  /** A probed video landed in the store under this id: its processing is queued. */
  landed(fileId: string, probed: unknown): Promise<void>;
  /** An item was renamed (its id may have changed, and with it those of the files below it). */
  renamed(fromId: string, toId: string): Promise<void>;
  /** An item was deleted: the streamed versions of what it held go too. */
  deleted(itemId: string): Promise<void>;
  /** Listed videos with their duration, poster and (for admins) processing state. */
  describe(items: DriveItem[], viewer: LessonViewer): Promise<DriveItem[]>;
  /** The file ticket's additions for a video whose ladder is ready. */
  ticketAdditions(fileId: string, ticket: string): Promise<Partial<FileTicketAnswer['data']>>;
  /** True when students must stream this video instead of reading the original file. */
  streamsOnly(fileId: string): Promise<boolean>;
}
