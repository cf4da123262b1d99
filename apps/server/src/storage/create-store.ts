import type { Config } from '../config';
import { DiskStore } from './disk-store';
import type { FileStore } from './file-store';
import { GoogleDriveStore } from './google-drive-store';

/** The store the configuration chooses (FILE_STORE): the built-in disk store unless told otherwise. */
export function createFileStore(store: Config['files']['store']): FileStore {
  if (store.kind === 'disk') return new DiskStore(store.dir);
  return new GoogleDriveStore({ keyFile: store.keyFile, rootFolderId: store.rootFolderId, apiUrl: store.apiUrl });
}
