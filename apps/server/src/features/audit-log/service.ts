import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditAdmin, AuditEntry, AuditLogFilter, AuditPaging, AuditTargetType } from '@academy/contract';
import type { Db } from '../../db/database';
import { strictlyIncreasingNow } from '../../lib/monotonic-time';
import { currentAccount } from '../../plugins/auth';
import { safeDetail } from './detail';
import * as repo from './repo';
import { searchRanges, termsOf } from './terms';

// Every admin action is recorded here by the feature that performs it. Where the change
// is one database transaction, the caller hands in that transaction, so a change is never stored
// without its entry nor an entry without its change; a change on a file store is recorded once
// the store has made it.

/** Who acted and from where; built from the request by `actorOf`. */
export interface AuditActor {
  id: string;
  ip: string;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string;
  /** What a person calls it: a student's name, a class or file name. */
  label: string;
  /** More words the search should find it by (an e-mail, a regNo, the class a file is in). */
  keywords?: (string | null | undefined)[];
}

export interface AuditRecord {
  action: AuditAction;
  target: AuditTarget;
  /** One short sentence, e.g. 'Suspended Kasun Perera'. */
  summary: string;
  /** What changed; keys naming a secret are dropped (detail.ts). */
  detail?: Record<string, unknown>;
}

/** The signed-in admin of an admin route, and the client's address. */
export function actorOf(request: FastifyRequest): AuditActor {
  return { id: currentAccount(request).id, ip: request.ip };
}

/** Longer target ids (a deep path in the built-in store) are kept as their hash: index entries stay small. */
const MAX_STORED_TARGET_ID = 200;

/** A target's id as the log keeps it; a filter by target id goes through the same. */
function storedTargetId(id: string): string {
  return id.length <= MAX_STORED_TARGET_ID ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/**
 * Writes one entry. `db` is the change's own transaction where there is one; on its own, the entry
 * and its search words are written in a transaction of their own. Fails (and so rolls the change
 * back) if the acting account is not there.
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  const write = async (tx: Db) => {
    const admin = await repo.findActor(tx, actor.id);
    if (!admin) throw new Error(`audit log: the acting account ${actor.id} does not exist`);
    const { target } = record;
    const targetId = storedTargetId(target.id);
    const row: repo.EntryRow = {
      id: crypto.randomUUID(),
      at: strictlyIncreasingNow(),
      actor_id: actor.id,
      actor_name: admin.name,
      actor_email: admin.email,
      action: record.action,
      target_type: target.type,
      target_id: targetId,
      target_label: target.label,
      summary: record.summary,
      detail: JSON.stringify(safeDetail(record.detail ?? {})),
      ip: actor.ip,
    };
    await repo.insertEntry(tx, row, termsOf([targetId, target.label, ...(target.keywords ?? []).flatMap((word) => word ?? [])]));
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/**
 * The fields that differ between two versions of a record, named as the API names them: an edit's
 * detail. `names` maps the keys to compare (only those present in `after`) to those names.
 */
export function changeDetail<K extends string>(
  names: Record<K, string>,
  before: Partial<Record<K, unknown>>,
  after: Partial<Record<K, unknown>>,
): { changed: string[]; before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = (Object.keys(names) as K[]).filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const named = (version: Partial<Record<K, unknown>>) => Object.fromEntries(keys.map((key) => [names[key], version[key]]));
  return { changed: keys.map((key) => names[key]), before: named(before), after: named(after) };
}

/** Sri Lanka has kept +05:30 all year since 2006: a filter's days start at its midnight. */
const ACADEMY_UTC_OFFSET = '+05:30';
const DAY_MS = 86_400_000;

function dayStart(day: string): string {
  return new Date(`${day}T00:00:00${ACADEMY_UTC_OFFSET}`).toISOString();
}

function toEntry(row: repo.EntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    admin: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    summary: row.summary,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    ip: row.ip,
  };
}

export async function listEntries(db: Db, query: AuditLogFilter): Promise<{ data: AuditEntry[]; paging: AuditPaging }> {
  const filter: repo.EntryFilter = {
    action: query.action,
    actorId: query.adminId || undefined,
    targetId: query.targetId ? storedTargetId(query.targetId) : undefined,
    fromAt: query.from ? dayStart(query.from) : undefined,
    beforeAt: query.to ? new Date(Date.parse(dayStart(query.to)) + DAY_MS).toISOString() : undefined,
    termRanges: query.search ? searchRanges(query.search) : [],
  };
  const { rows, total, totalIsExact } = await repo.listEntries(db, filter, query);
  return { data: rows.map(toEntry), paging: { page: query.page, pageSize: query.pageSize, total, totalIsExact } };
}

export function listAdmins(db: Db): Promise<AuditAdmin[]> {
  return repo.listAdmins(db);
}
