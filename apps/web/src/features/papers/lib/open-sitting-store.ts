import { SittingStore } from './sitting-store';

// Where the sitting keeps a running paper. A browser that refuses IndexedDB (storage blocked by
// the user or a policy, some private windows) still lets the student sit: the same store runs on
// an in-memory IndexedDB, so choices are saved and sent exactly as elsewhere, and the screen says
// they are lost if the tab closes (docs/papers.md, 'Offline: the answer queue').

export interface OpenedSittingStore {
  store: SittingStore;
  /** False when the answers live only in this tab's memory. */
  kept: boolean;
}

/** A database of its own for the question, so the sitting's own is only ever opened by the store. */
const PROBE = 'academy-papers-probe';

/**
 * Whether this browser lets the page keep a database, asked with the bare API: idb remembers the
 * classes of the first database it wraps, so it must never meet the browser's before the memory's.
 */
function browserKeepsData(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(PROBE);
      request.onsuccess = () => {
        request.result.close();
        indexedDB.deleteDatabase(PROBE);
        resolve(true);
      };
      request.onerror = () => resolve(false);
    } catch {
      // No IndexedDB at all, or a SecurityError thrown at once.
      resolve(false);
    }
  });
}

let memoryInstalled = false;

/**
 * Puts an in-memory IndexedDB in place of the browser's refused one, for this page only: the
 * factory and every class idb recognises its objects by. The module is fetched only here, so
 * browsers that keep data never download it.
 */
async function installMemoryIndexedDb(): Promise<void> {
  if (memoryInstalled) return;
  const memory = await import('fake-indexeddb');
  const globals = {
    indexedDB: memory.indexedDB,
    IDBCursor: memory.IDBCursor,
    IDBCursorWithValue: memory.IDBCursorWithValue,
    IDBDatabase: memory.IDBDatabase,
    IDBFactory: memory.IDBFactory,
    IDBIndex: memory.IDBIndex,
    IDBKeyRange: memory.IDBKeyRange,
    IDBObjectStore: memory.IDBObjectStore,
    IDBOpenDBRequest: memory.IDBOpenDBRequest,
    IDBRequest: memory.IDBRequest,
    IDBTransaction: memory.IDBTransaction,
    IDBVersionChangeEvent: memory.IDBVersionChangeEvent,
  };
  for (const [name, value] of Object.entries(globals)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  memoryInstalled = true;
}

export async function openSittingStore(): Promise<OpenedSittingStore> {
  if (!memoryInstalled && (await browserKeepsData())) {
    try {
      return { store: await SittingStore.open(), kept: true };
    } catch {
      // Allowed to open, refused to upgrade (storage full): carry on in memory.
    }
  }
  await installMemoryIndexedDb();
  return { store: await SittingStore.open(), kept: false };
}
