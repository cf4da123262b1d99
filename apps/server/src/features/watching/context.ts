import type { Db } from '../../db/database';
import type { ClassMaterialContext } from '../class-material/tree';
import type { AccessMemo } from './access-memo';
import type { ProgressWriter } from './progress-writer';

/** What the watching feature works with; built once in app.ts. */
export interface WatchingContext {
  db: Db;
  material: ClassMaterialContext;
  writer: ProgressWriter;
  /** Who may report on which file, remembered briefly (access-memo.ts). */
  access: AccessMemo;
}
