import type { FastifyInstance } from 'fastify';
import type { LoginAnswer, RegisterBody, Student } from '@academy/contract';
import { expect } from 'vitest';

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
    ...overrides,
  };
}

export async function registerStudent(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const body = buildRegistration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/students/student/register', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return { body, student: response.json<{ data: Student }>().data };
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<LoginAnswer> {
  const response = await app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginAnswer>();
}

/** A registered, signed-in student: its payload, profile and bearer header. */
export async function signedInStudent(app: FastifyInstance, overrides: Partial<RegisterBody> = {}) {
  const { body, student } = await registerStudent(app, overrides);
  const login = await signIn(app, body.email, body.password);
  return { body, student, login, headers: { authorization: `Bearer ${login.token}` } };
}
