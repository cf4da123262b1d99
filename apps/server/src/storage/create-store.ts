import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { CachedReadsStore } from './cached-store';
import { DiskStore } from './disk-store';
import type { FileStore } from './file-store';

/**
 * The store the configuration chooses (FILE_STORE): the built-in disk store unless told otherwise.
 * The Google Drive client is a large module tree (googleapis-common, gaxios, google-auth-library):
 * it is loaded only when chosen, so the default start does not pay for it.
 */
export async function createFileStore(store: Config['files']['store']): Promise<FileStore> {
  if (store.kind === 'disk') return new DiskStore(store.dir);
  const { GoogleDriveStore } = await import('./google-drive-store');
  return new GoogleDriveStore({ keyFile: store.keyFile, rootFolderId: store.rootFolderId, apiUrl: store.apiUrl });
}

/**
 * Where lessons' streamed versions are kept: with the Drive store, in the Drive folder
 * GOOGLE_DRIVE_LESSONS_FOLDER_ID (outside the classes' root, so it never shows as a class), read
 * through a local cache; otherwise on local disk, beside the data and outside the class tree.
 */
export async function createLessonStore(store: Config['files']['store'], lessons: Config['lessons']): Promise<FileStore> {
  if (store.kind === 'google-drive' && lessons.driveFolderId) {
    const { GoogleDriveStore } = await import('./google-drive-store');
    const drive = new GoogleDriveStore({ keyFile: store.keyFile, rootFolderId: lessons.driveFolderId, apiUrl: store.apiUrl });
    return new CachedReadsStore(drive, lessons.cacheDir);
  }
  mkdirSync(lessons.dir, { recursive: true });
  return new DiskStore(lessons.dir);
}
