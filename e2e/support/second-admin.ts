import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from './server-env';

// Deleting a student or a class waits for a second admin (docs/security.md 'Two admins for a
// deletion'). The suite's portal has one admin from ADMIN_EMAIL; the second is made as an academy
// makes one, with `npm run create-admin` on the portal's data folder.

export const SECOND_ADMIN = { email: 'second-tutor@academy.test', password: 'second-tutor-password-1', name: 'Second Tutor' };

const serverDir = path.resolve(import.meta.dirname, '..', '..', 'apps', 'server');
let made: Promise<unknown> | null = null;

/** The second admin on the suite's portal, made once per worker. */
export function ensureSecondAdmin(): Promise<unknown> {
  made ??= promisify(execFile)('npx', ['tsx', 'src/cli/create-admin.ts', '--email', SECOND_ADMIN.email, '--password', SECOND_ADMIN.password, '--name', SECOND_ADMIN.name], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: e2eDataDir() },
  });
  return made;
}

/** On the Security screen of a signed-in admin: approves the deletion `what` names ('Delete student Kasun'), with the password. */
export async function approveOnSecurityScreen(page: Page, what: string, password: string): Promise<void> {
  await page.goto('/#/security');
  const request = page.getByRole('article', { name: what });
  await request.getByRole('button', { name: 'Approve' }).click();
  const ask = page.getByRole('dialog', { name: 'Approve this deletion?' });
  await ask.getByLabel('Password', { exact: true }).fill(password);
  await ask.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: the deletion was carried out')).toBeVisible();
}
