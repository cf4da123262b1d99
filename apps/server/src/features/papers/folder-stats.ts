// Where a paper's folder lies, remembered for a few seconds. Every start of a hall asks whether the
// student may open the paper's class; the database answers that (the grants, the account, the fee
// months) at every request, but where the folder lies is the store's answer, a `realpath` and an
// `lstat` on disk or a call to Google Drive, and it is the same for all 2,000 students. So papers
// ask class material's `locate` through a store whose `stat` keeps its answer for FOLDER_STAT_MS
// (one call for every request that asks at once). A revoked grant still refuses at once; a folder
// moved or removed is seen within FOLDER_STAT_MS (a folder holding a started paper cannot be
// removed at all).
import type { ClassMaterialContext } from '../class-material/tree';
import type { FileStore, StatResult } from '../../storage/file-store';

/** How long the store's answer for one folder is reused. */
export const FOLDER_STAT_MS = 5000;
/** Folders remembered at most; the expired go first, then the oldest. */
const CAPACITY = 1000;

interface Kept {
  at: number;
  stat: Promise<StatResult | null>;
}

/** A store like `store` whose `stat` answers from what it asked in the last FOLDER_STAT_MS; every other call is the store's own. */
export function statRemembering(store: FileStore, clock: () => number = Date.now): FileStore {
  const kept = new Map<string, Kept>();
  const stat = (id: string): Promise<StatResult | null> => {
    const now = clock();
    const known = kept.get(id);
    if (known && now - known.at < FOLDER_STAT_MS) return known.stat;
    const entry = { at: now, stat: store.stat(id) };
    kept.delete(id);
    kept.set(id, entry);
    if (kept.size > CAPACITY) {
      for (const [key, value] of kept) if (now - value.at >= FOLDER_STAT_MS) kept.delete(key);
      while (kept.size > CAPACITY) kept.delete(kept.keys().next().value as string);
    }
    // A store that failed is asked again next time.
    entry.stat.catch(() => {
      if (kept.get(id) === entry) kept.delete(id);
    });
    return entry.stat;
  };
  return Object.create(store, { stat: { value: stat } }) as FileStore;
}

const remembering = new WeakMap<ClassMaterialContext, ClassMaterialContext>();

/**
 * Class material's context with the remembering store: everything else (its database, the fee
 * hooks, set after papers are made) is the context's own, read through it.
 */
export function materialForPapers(material: ClassMaterialContext): ClassMaterialContext {
  let found = remembering.get(material);
  if (found === undefined) {
    found = Object.create(material, { store: { value: statRemembering(material.store) } }) as ClassMaterialContext;
    remembering.set(material, found);
  }
  return found;
}
