import type { DriveItem } from '@academy/contract';
import { AppError } from '../../lib/errors';
import type { ClassRow, Reader } from './repo';
import type { DeletedItem } from './paper-hooks';
import type { Located } from './tree';

// What class material asks of the class fees feature, as an interface so the two stay apart: every
// located item passes the month gate (a student who has not paid a tagged month is refused its
// folder, files and lessons), listings show a month folder's fee state, and a folder's month tag
// follows its renames and goes with it when it is deleted.

/** The class row and the reader as class material passes them to fees. */
export type { ClassRow, Reader };

export interface FeeHooks {
  /**
   * Throws the 403 of fees.md ('November 2026 is not paid yet', with `feeLocked`) when the item lies
   * in a fee month the reader may not open now. `locate` calls it for every reader but admins.
   */
  gate(reader: Reader, located: Located): Promise<void>;
  /** The listed items of `folder` with `fee` on the month folders among them, for this reader. */
  describe(items: DriveItem[], reader: Reader, folder: Located): Promise<DriveItem[]>;
  /** An item of the class was renamed (its id may have changed, and with it those of the folders below it). */
  renamed(classId: string, fromId: string, toId: string): Promise<void>;
  /** The item was deleted: the month tags of the folders that lay in it go too. */
  deleted(item: DeletedItem): Promise<void>;
}

/** True for the gate's refusal: the reader may open the class, not this month of it. */
export function isFeeLocked(error: unknown): boolean {
  return error instanceof AppError && error.status === 403 && 'feeLocked' in error.extra;
}
