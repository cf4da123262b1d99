import type { LoginAnswer } from '@academy/contract';
import { BENCH_ADMIN } from './server';

// The portal's API as the benches call it: JSON in and out, a bearer token when given, and a
// student of the bench's own (batch 2026, Indian history, Theory) given one class.

export async function api<T>(base: string, pathname: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${base}/api/${pathname}`, {
    method: options.body ? 'POST' : 'GET',
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const BENCH_STUDENT = {
  name: 'Bench Student', email: 'bench.student@example.lk', whatsAppNo: '0771234567', district: 'Kandy', password: 'bench-student-pw',
  indianHistory: true, europeHistory: false, historyType: 'Indian', batch: '2026', classType: 'Theory',
} as const;

/** The bench admin's token, and the bench student's once registered and given `className`. */
export async function adminAndStudent(base: string, className: string): Promise<{ admin: string; student: string }> {
  const admin = await api<LoginAnswer>(base, 'students/student/login', { body: BENCH_ADMIN });
  await api(base, 'students/student/register', { body: BENCH_STUDENT });
  await api(base, 'students/student/give-additional-access', { token: admin.token, body: { email: BENCH_STUDENT.email, className } });
  const student = await api<LoginAnswer>(base, 'students/student/login', { body: { email: BENCH_STUDENT.email, password: BENCH_STUDENT.password } });
  return { admin: admin.token, student: student.token };
}
