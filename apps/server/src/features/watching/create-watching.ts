import type { Db } from '../../db/database';
import type { ClassMaterialContext } from '../class-material/tree';
import { AccessMemo } from './access-memo';
import type { WatchingContext } from './context';
import { ProgressWriter } from './progress-writer';
import { describeForStudent, followRename } from './service';

/** The watching feature, hooked into class material's listings. */
export function createWatching(db: Db, material: ClassMaterialContext): WatchingContext {
  const ctx: WatchingContext = { db, material, writer: new ProgressWriter(db), access: new AccessMemo() };
  material.watching = {
    describe: (items, accountId) => describeForStudent(ctx, items, accountId),
    renamed: (fromId, toId) => followRename(ctx, fromId, toId),
  };
  return ctx;
}
