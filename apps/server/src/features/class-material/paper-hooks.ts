import type { DriveItem } from '@academy/contract';

// What class material asks of the papers feature, as an interface so the two stay apart: a folder
// lists the papers set in it, a paper follows its folder's renames, and a folder holding a paper
// that students have sat is kept, since results are records.

/** Who is reading a folder. */
export interface PaperReader {
  id: string;
  admin: boolean;
}

/** An item about to be deleted, as class material located it. */
export interface DeletedItem {
  id: string;
  /** The class it lies in. */
  classId: string;
  /** The class folder itself: every paper of the class lies in it. */
  isClassFolder: boolean;
}

export interface PaperHooks {
  /** The papers set in this folder as drive items for this reader, latest opening first. */
  describe(folderId: string, reader: PaperReader): Promise<DriveItem[]>;
  /** An item was renamed (its id may have changed, and with it those of the folders below it). */
  renamed(fromId: string, toId: string): Promise<void>;
  /** Throws the 409 of papers.md when a paper someone has started lies in the item; nothing is changed. */
  beforeDelete(item: DeletedItem): Promise<void>;
  /** The item was deleted: the papers that lay in it go too. */
  deleted(item: DeletedItem): Promise<void>;
}
