import type { Page } from 'puppeteer-core';
import { sessionFromLogin, STUDENTS_PATHS, type LoginAnswer } from '@academy/contract';
import { api } from './portal-api';

// A student as the Lighthouse benches meet the signed-in pages: registered through the API as the
// registration form does, signed in, and the session written into the browser's localStorage the
// way the login screen writes it (the contract's sessionFromLogin).

export const LIGHTHOUSE_STUDENT = {
  name: 'Nimali Perera',
  email: 'nimali.bench@example.lk',
  whatsAppNo: '0771234567',
  additionalNo: '0112345678',
  district: 'Kandy',
  scl: 'Mahamaya College',
  address: '12 Peradeniya Road, Kandy',
  password: 'lesson-pass-2026',
  studentIdImg: '200612345678',
  indianHistory: true,
  europeHistory: false,
  historyType: 'Indian',
  batch: '2026',
  classType: 'Theory',
  consent: true,
} as const;

/** LIGHTHOUSE_STUDENT registered and signed in: the login answer the page is given. */
export async function signedInStudent(base: string): Promise<LoginAnswer> {
  await api(base, STUDENTS_PATHS.register, { body: LIGHTHOUSE_STUDENT });
  return api<LoginAnswer>(base, STUDENTS_PATHS.login, { body: { email: LIGHTHOUSE_STUDENT.email, password: LIGHTHOUSE_STUDENT.password } });
}

/**
 * `page` opened on the portal (`base`, which also installs the service worker as a first visit
 * does) and the session stored: a load that keeps storage then starts signed in.
 */
export async function storeSession(page: Page, base: string, login: LoginAnswer): Promise<void> {
  await page.goto(`${base}/`);
  await page.evaluate((session) => {
    for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
  }, sessionFromLogin(login));
}
