import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { TestApp } from '../../../test/test-app';
import { sweep } from './retention';

// Rows the privacy tests plant directly: what other features would have written over months
// (sessions, watch history, payments, audit entries), at the times a test needs.

export const DAY_MS = 86_400_000;

export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * DAY_MS).toISOString();
}

/** One whole sweep at `now`, as the durable job runs it. */
export function sweepAt(t: TestApp, now: number) {
  return sweep({ db: t.database.db, dataDir: t.config.dataDir, rules: t.config.privacy }, now);
}

export async function plantSession(db: Db, accountId: string, at: { createdAt: string; expiresAt: string; endedAt: string | null }, ip = '203.0.113.9'): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('sessions')
    .values({ id, account_id: accountId, token_version: 0, device: 'Chrome on Windows', ip, created_at: at.createdAt, last_seen_at: at.createdAt, expires_at: at.expiresAt, ended_at: at.endedAt, end_reason: at.endedAt ? 'signed-out' : null })
    .execute();
  return id;
}

export async function plantWatching(db: Db, accountId: string, fileId: string, at = new Date().toISOString()): Promise<void> {
  await db
    .insertInto('watch_progress')
    .values({ account_id: accountId, file_id: fileId, position_seconds: 42, played_seconds: 60, covered_seconds: 60, first_opened_at: at, last_watched_at: at })
    .execute();
}

let receipts = 900_000;
export async function plantPayment(db: Db, accountId: string, studentName: string): Promise<void> {
  receipts += 1;
  const now = new Date().toISOString();
  await db
    .insertInto('fee_payments')
    .values({
      id: crypto.randomUUID(),
      receipt_no: receipts,
      account_id: accountId,
      student_name: studentName,
      reg_no: null,
      class_id: crypto.randomUUID(),
      class_name: 'Theory 2026',
      method: 'cash',
      amount_cents: 250_000,
      currency: 'LKR',
      received_at: now,
      received_on: now.slice(0, 10),
      state: 'paid',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function plantAuditEntry(db: Db, actorId: string, at: string, targetId: string, label: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('audit_log')
    .values({ id, at, actor_id: actorId, actor_name: 'Tutor', actor_email: 'tutor@academy.test', action: 'student.suspend', target_type: 'student', target_id: targetId, target_label: label, summary: `Suspended ${label}`, detail: '{}', ip: '198.51.100.1' })
    .execute();
  await db.insertInto('audit_log_terms').values({ term: label.split(' ')[0]!.toLowerCase(), target_id: targetId }).onConflict((c) => c.doNothing()).execute();
  return id;
}

export async function askErasure(app: FastifyInstance, headers: Record<string, string>, password: string) {
  return app.inject({ method: 'POST', url: '/api/privacy/mine/erasure', headers, payload: { password } });
}
