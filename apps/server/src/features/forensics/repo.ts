import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ForensicTracesTable } from '../../db/schema';

// Leak tracing's rows: each trace (the plays it names are the lessons feature's).

export type TraceRow = Selectable<ForensicTracesTable>;

export async function insertTrace(db: Db, row: Omit<TraceRow, 'progress' | 'result' | 'error'>): Promise<void> {
  await db.insertInto('forensic_traces').values(row).execute();
}

export function findTrace(db: Db, id: string): Promise<TraceRow | undefined> {
  return db.selectFrom('forensic_traces').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTrace(db: Db, id: string, changes: Partial<Omit<TraceRow, 'id'>>): Promise<void> {
  await db.updateTable('forensic_traces').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}
