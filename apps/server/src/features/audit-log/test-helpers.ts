import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { AUDIT_LOG_PATHS, type AuditEntry, type AuditLogAnswer, type LoginAnswer } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { TEST_ADMIN } from '../../../test/test-app';

// Shared by the audit-log tests: the admin, the log as the API answers it, and the entries one
// action wrote.

export type Headers = Record<string, string>;

export interface Admin {
  login: LoginAnswer;
  headers: Headers;
}

export async function signInAdmin(app: FastifyInstance, who = TEST_ADMIN): Promise<Admin> {
  const login = await signIn(app, who.email, who.password);
  return { login, headers: { authorization: `Bearer ${login.token}` } };
}

export function auditLogUrl(query: Record<string, string | number> = {}): string {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `/api/${AUDIT_LOG_PATHS.entries}?${params.toString()}`;
}

export async function auditLog(app: FastifyInstance, headers: Headers, query: Record<string, string | number> = {}): Promise<AuditLogAnswer> {
  const response = await app.inject({ url: auditLogUrl(query), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogAnswer>();
}

/**
 * Runs `act` and answers the entries it wrote, newest first: those above the newest entry before
 * it. The log lists newest first and an instance never gives two entries one time.
 */
export async function entriesWrittenBy(app: FastifyInstance, headers: Headers, act: () => Promise<unknown>): Promise<AuditEntry[]> {
  const newest = (await auditLog(app, headers, { pageSize: 1 })).data[0]?.id;
  await act();
  const after = (await auditLog(app, headers, { pageSize: 100 })).data;
  const seen = after.findIndex((entry) => entry.id === newest);
  return seen === -1 ? after : after.slice(0, seen);
}

/** `act` wrote exactly one entry, by the test admin from the test client's address: it is answered. */
export async function oneEntryBy(app: FastifyInstance, admin: Admin, act: () => Promise<unknown>): Promise<AuditEntry> {
  const written = await entriesWrittenBy(app, admin.headers, act);
  expect(written).toHaveLength(1);
  const [entry] = written as [AuditEntry];
  expect(entry.admin).toEqual({ id: admin.login.studentId, name: admin.login.name, email: admin.login.email });
  expect(entry.ip).toBe('127.0.0.1');
  expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  return entry;
}

/** `act` (a refused request) wrote nothing. */
export async function noEntryBy(app: FastifyInstance, admin: Admin, act: () => Promise<unknown>): Promise<void> {
  expect(await entriesWrittenBy(app, admin.headers, act)).toEqual([]);
}

/** Neither a password nor a token nor a code anywhere in an entry's detail. */
export function expectNoSecrets(entry: AuditEntry, secrets: string[]): void {
  const text = JSON.stringify(entry);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(JSON.stringify(entry.detail)).not.toMatch(/password|token|otp/i);
}
