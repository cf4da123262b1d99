// The class a fees call names by a folder id (the class folder, or any folder in it), as the caller
// may reach it: an admin every class, a student the classes granted to them now. Asked without the
// month gate, since paying is how a locked month opens.
import { FEES_TEXT } from '@academy/contract';
import { errors } from '../../lib/errors';
import type { ClassRow, Reader } from '../class-material/fee-hooks';
import { openableClass, storeCall } from '../class-material/tree';
import type { FeesContext } from './context';

const folderNotFound = () => errors.notFound(FEES_TEXT.folderNotFound);

/** 404 "Folder not found" for an unknown id, a folder in no class, or a class the reader may not open. */
export async function feeClassOf(ctx: Pick<FeesContext, 'db' | 'material'>, reader: Reader, folderId: string): Promise<ClassRow> {
  const found = await storeCall(() => ctx.material.store.stat(folderId), { notFound: folderNotFound });
  if (!found?.topFolderId) throw folderNotFound();
  const classRow = await openableClass(ctx.db, reader, found.topFolderId);
  if (!classRow) throw folderNotFound();
  return classRow;
}
