import { DEFAULT_MAX_SESSIONS, isAdmin, SESSIONS_TEXT, sessionLimitSchema, type Session, type SessionLimit } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SessionAccount, SessionStore, TokenClaims } from '../../plugins/auth';
import type { EventBus } from '../../events/event-bus';
import { CallerCache } from './caller-cache';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { forgetKnownDevices } from '../sign-in-guard/service';
import { describeDevice } from './device';
import * as repo from './repo';

const LIMIT_KEY = 'sessions.maxPerStudent';
/** last_seen_at is a hint for the owner, not an audit trail: one write per few minutes is plenty. */
const TOUCH_EVERY_MS = 5 * 60_000;
/** An admin's last_seen_at also times their idle limit: written every minute, so it is at most a minute early. */
const ADMIN_TOUCH_EVERY_MS = 60_000;

export type Caller = SessionAccount;

export interface CallerChecks {
  /** An admin's session ends after this long without a request (ADMIN_IDLE_TIMEOUT); unset: never for being idle. */
  adminIdleMs?: number;
  /** Whether this check is a request of the caller's (which counts as activity), or a re-check of an open stream (which does not). */
  touch?: boolean;
}

/**
 * Who a token speaks for, as the database says now: null when the account is gone, suspended or
 * re-keyed since (token version), or the session was ended, has expired, or (an admin's) was idle
 * too long, which ends it.
 */
export async function resolveCaller(db: Db, claims: Claims, checks: CallerChecks = {}, now = new Date()): Promise<Caller | null> {
  return (await readCaller(db, claims, checks, now))?.caller ?? null;
}

type Claims = { sub: string; sid: string; tv: number };

async function readCaller(db: Db, claims: Claims, checks: CallerChecks, now: Date): Promise<{ caller: Caller; sessionExpiresAt: string } | null> {
  const row = await repo.findCaller(db, claims.sub, claims.sid);
  const at = now.toISOString();
  if (!row || row.deleted_at || row.account_state !== 'active' || row.token_version !== claims.tv) return null;
  if (row.ended_at || row.expires_at <= at) return null;
  const admin = isAdmin(row.account_type);
  const idle = now.getTime() - Date.parse(row.last_seen_at);
  if (admin && checks.adminIdleMs !== undefined && idle > checks.adminIdleMs) {
    await repo.endSessions(db, [claims.sid], at, 'idle');
    return null;
  }
  if (checks.touch !== false && idle > (admin ? ADMIN_TOUCH_EVERY_MS : TOUCH_EVERY_MS)) await repo.touchSession(db, claims.sid, at);
  const caller = {
    id: row.id,
    accountType: row.account_type,
    isAdmin: admin,
    sessionId: claims.sid,
    batch: row.batch,
    classType: row.class_type,
    historyType: row.history_type,
    mustChangePassword: row.temporary_password_expires_at !== null,
    // An admin's session opened by the password alone reaches only enrolment (features/admin-mfa).
    needsSecondFactor: admin && row.second_factor === 'password',
  };
  return { caller, sessionExpiresAt: row.expires_at };
}

export interface NewSession {
  account: { id: string; tokenVersion: number; accountType: string; secondFactor?: string };
  userAgent: string | undefined;
  ip: string;
  ttlMs: number;
}

/**
 * Opens a session at sign-in. A student beyond the admin's limit loses their oldest sessions, in
 * the same transaction, so a paid account cannot stay signed in on a whole class's phones.
 */
export async function openSession(db: Db, input: NewSession, now = new Date()): Promise<string> {
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const device = describeDevice(input.userAgent);
  await db.transaction().execute(async (tx) => {
    await repo.insertSession(tx, {
      id,
      account_id: input.account.id,
      token_version: input.account.tokenVersion,
      device,
      ip: input.ip,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
      ended_at: null,
      end_reason: null,
      second_factor: input.account.secondFactor ?? 'password',
    });
    if (isAdmin(input.account.accountType)) {
      await recordAudit(tx, { id: input.account.id, ip: input.ip }, {
        action: 'admin.sign-in',
        target: { type: 'session', id, label: device },
        summary: `Signed in on ${device}`,
        detail: { device },
      });
      return;
    }
    const { maxSessions } = await readLimit(tx);
    const open = await repo.listOpen(tx, input.account.id, at);
    const pushedOut = open.filter((session) => session.id !== id).slice(maxSessions - 1);
    await repo.endSessions(tx, pushedOut.map((session) => session.id), at, 'limit');
  });
  return id;
}

/** After a password change the current session carries on at the new token version; the others end. */
export function renewSession(db: Db, sessionId: string, tokenVersion: number): Promise<void> {
  return repo.renewSession(db, sessionId, tokenVersion);
}

export async function listMine(db: Db, caller: Caller, now = new Date()): Promise<Session[]> {
  const open = await repo.listOpen(db, caller.id, now.toISOString());
  return open.map((row) => ({
    id: row.id,
    device: row.device,
    ip: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === caller.sessionId,
  }));
}

/** Ends one of the caller's own sessions; anyone else's id is 'not found', never 'forbidden'. */
export async function endMine(db: Db, caller: Caller, sessionId: string, now = new Date()): Promise<void> {
  const open = await repo.listOpen(db, caller.id, now.toISOString());
  if (!open.some((row) => row.id === sessionId)) throw errors.notFound(SESSIONS_TEXT.notFound);
  await repo.endSessions(db, [sessionId], now.toISOString(), 'ended-by-owner');
}

/** Sign out everywhere else: the other sessions end, and every browser stops being a known device. */
export async function endOthers(db: Db, caller: Caller, now = new Date()): Promise<number> {
  const open = await repo.listOpen(db, caller.id, now.toISOString());
  const others = open.filter((row) => row.id !== caller.sessionId).map((row) => row.id);
  return db.transaction().execute(async (tx) => {
    await forgetKnownDevices(tx, caller.id);
    return repo.endSessions(tx, others, now.toISOString(), 'ended-by-owner');
  });
}

export async function endCurrent(db: Db, caller: Caller, now = new Date()): Promise<void> {
  await repo.endSessions(db, [caller.sessionId], now.toISOString(), 'signed-out');
}

export async function readLimit(db: repo.Executor): Promise<SessionLimit> {
  const stored = await repo.readSetting(db, LIMIT_KEY);
  const parsed = stored ? sessionLimitSchema.safeParse(JSON.parse(stored)) : null;
  return parsed?.success ? parsed.data : { maxSessions: DEFAULT_MAX_SESSIONS };
}

export async function writeLimit(db: Db, actor: AuditActor, limit: SessionLimit, now = new Date()): Promise<SessionLimit> {
  await db.transaction().execute(async (tx) => {
    const before = await readLimit(tx);
    await repo.writeSetting(tx, LIMIT_KEY, JSON.stringify(limit), now.toISOString());
    await recordAudit(tx, actor, {
      action: 'sessions.limit',
      target: { type: 'setting', id: LIMIT_KEY, label: SESSIONS_TEXT.limitTitle },
      summary: `Set the session limit to ${limit.maxSessions} (was ${before.maxSessions})`,
      detail: { before: before.maxSessions, after: limit.maxSessions },
    });
  });
  return limit;
}

const CHANGED_CHANNEL = 'sessions.changed';

export interface SessionStoreOptions {
  /** How long a sign-in lasts (TOKEN_TTL). */
  ttlMs: number;
  /** An admin's sign-in: idle limit and longest life (ADMIN_IDLE_TIMEOUT, ADMIN_SESSION_MAX). */
  admin: { idleMs: number; maxMs: number };
  /** Tells every instance to forget the callers it remembers (the live-update bus). */
  bus: EventBus;
  /** How long a checked caller is remembered at most (see CallerCache). */
  cacheMs?: number;
}

/**
 * The store the auth plugin checks every token against. Callers are remembered briefly; every
 * successful write anywhere clears what every instance remembers, before the writer's answer leaves.
 */
export async function createSessionStore(db: Db, options: SessionStoreOptions): Promise<SessionStore> {
  const cache = new CallerCache(options.cacheMs ?? 5000);
  // The subscription ends with the bus, which app.ts closes with the server.
  await options.bus.subscribe(CHANGED_CHANNEL, () => cache.clear());
  const known = (claims: TokenClaims): SessionAccount | null => {
    const caller = cache.get(claims.sid, claims.tv, new Date());
    return caller && caller.id === claims.sub ? caller : null;
  };
  return {
    known,
    async resolve(claims) {
      const remembered = known(claims);
      if (remembered) return remembered;
      const now = new Date();
      const generation = cache.begin();
      const found = await readCaller(db, claims, { adminIdleMs: options.admin.idleMs }, now);
      if (!found) return null;
      cache.set(generation, found.caller, claims.tv, found.sessionExpiresAt, now);
      return found.caller;
    },
    open: (input) => openSession(db, { ...input, ttlMs: isAdmin(input.account.accountType) ? Math.min(options.ttlMs, options.admin.maxMs) : options.ttlMs }),
    renew: (sessionId, tokenVersion) => renewSession(db, sessionId, tokenVersion),
    async changed() {
      cache.clear();
      await options.bus.publish(CHANGED_CHANNEL, '');
    },
  };
}
