import type { FastifyInstance } from 'fastify';
import type { LoginAnswer, RegisterBody, SignInStepAnswer, Student } from '@academy/contract';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import { enrolDirectly, finishSignIn, nextTestCode, type Post } from './second-factor';

let counter = 0;

/** A registration payload that passes every server check; override what a test is about. */
export function buildRegistration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    name: `Student ${counter}`,
    email: `student${counter}.${crypto.randomUUID().slice(0, 8)}@example.lk`,
    whatsAppNo: '0771234567',
    additionalNo: '0112345678',
    district: 'Colombo',
    scl: 'Royal College',
    address: '12 Temple Road, Colombo 7',
    password: 'correct-horse-9',
    studentIdImg: '200512345678',
    indianHistory: true,
    europeHistory: false,
    historyType: 'Indian',
    batch: '2026',
    classType: 'Theory',
    consent: true,
    ...overrides,
  };
}

export async function registerStudent(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const body = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/students/student/register', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return { body, student: response.json<{ data: Student }>().data };
}

/** Signs in; an admin's second step is answered too (enrolling them on their first sign-in: test/second-factor.ts). */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<LoginAnswer> {
  const response = await app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return finishSignIn(response.json<SignInStepAnswer>(), email, injectPost(app), nextTestCode, (session) => enrolDirectly(app, session));
}

/** One JSON call through `inject`, for the second-factor helpers. */
export function injectPost(app: FastifyInstance): Post {
  return async (url, payload, token) => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
    return { status: response.statusCode, body: response.json() };
  };
}

/** A registered, signed-in student: its payload, profile and bearer header. */
export async function signedInStudent(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const { body, student } = await registerStudent(app, overrides);
  const login = await signIn(app, body.email, body.password);
  return { body, student, login, headers: { authorization: `Bearer ${login.token}` } };
}

export interface AccountProfile {
  batch?: string;
  historyType?: string;
  classType?: string;
  accountType?: string;
  accountState?: string;
  deleted?: boolean;
}

/**
 * Accounts written straight into the table, for audiences of many profiles or thousands of
 * students (nobody signs in as them, so no password is hashed); answers their ids in order.
 */
export async function insertAccounts(db: Db, profiles: AccountProfile[]): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = profiles.map((profile) => {
    const id = crypto.randomUUID();
    return {
      id,
      email: `${id}@audience.example.lk`,
      email_key: `${id}@audience.example.lk`,
      password_hash: 'never-signs-in',
      name: 'Audience Student',
      account_type: profile.accountType ?? 'student',
      account_state: profile.accountState ?? 'active',
      batch: profile.batch ?? '2026',
      class_type: profile.classType ?? 'Theory',
      history_type: profile.historyType ?? 'Indian',
      whatsapp_no: '0771234567',
      additional_no: '',
      district: 'Colombo',
      scl: '',
      address: '',
      student_id_img: '',
      reg_no: null,
      profile_img: '',
      created_at: now,
      updated_at: now,
      deleted_at: profile.deleted ? now : null,
    };
  });
  for (let start = 0; start < rows.length; start += 200) await db.insertInto('accounts').values(rows.slice(start, start + 200)).execute();
  return rows.map((row) => row.id);
}
