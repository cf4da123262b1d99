import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase } from '../db/database';
import { registerStudent, signedInStudent, signIn } from '../../test/factories';
import { multipartForm } from '../../test/multipart-form';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { deleteApproved } from '../features/approvals/test-helpers';
import { createBackup } from './backup';
import { MANIFEST_FILE } from './manifest';
import { restoreBackup, RestoreRefused } from './restore';

// Backup and restore together, on the engine under test: an online backup taken while students
// register, then the portal changed, stopped, restored over itself, and started again.
describe('npm run backup / npm run restore', () => {
  let t: TestApp;
  /** The database opened again after the restore; the test database's own handle was closed for it. */
  let reopened: ReturnType<typeof createDatabase> | null = null;
  const outDir = mkdtempSync(path.join(tmpdir(), 'academy-backups-'));
  const schema = () => (t.database.target.kind === 'postgres' ? t.database.target.schema : undefined);
  const backupOf = (folder: string) => ({ dataDir: t.config.dataDir, database: t.database.target, from: folder });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.app.close();
    await reopened?.destroy();
    await t.database.drop();
    rmSync(outDir, { recursive: true, force: true });
    const parent = path.dirname(t.config.dataDir);
    for (const name of readdirSync(parent).filter((n) => n.startsWith(`${path.basename(t.config.dataDir)}-replaced-`))) {
      rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  });

  it('copies the database and the files while the portal keeps taking writes, and puts them back', async () => {
    const kept = await signedInStudent(t.app);
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0A5F6F' } }).png().toBuffer();
    const form = multipartForm('image', 'me.png', 'image/png', picture);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/students/student/profile-image/${kept.student._id}`,
      payload: form.payload,
      headers: { ...form.headers, ...kept.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const pictureUrl: string = uploaded.json().data.profileImg;

    // Writes go on during the backup: it must neither block them nor come out torn.
    const during = Array.from({ length: 6 }, () => registerStudent(t.app));
    const folder = await createBackup({ dataDir: t.config.dataDir, database: t.database.target, outDir });
    await Promise.all(during);
    expect(existsSync(path.join(folder, MANIFEST_FILE))).toBe(true);
    expect(readdirSync(outDir).filter((name) => name.endsWith('.partial'))).toEqual([]);

    // After the backup: the kept student is deleted and a newcomer registers.
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    // A second admin approves the deletion (features/approvals).
    const removed = await deleteApproved(t.app, t.database.db, {
      method: 'DELETE',
      url: `/api/students/student/deletestudent/${kept.student._id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { password: TEST_ADMIN.password },
    });
    expect(removed.statusCode).toBe(200);
    const newcomer = await registerStudent(t.app);

    // Stop, restore over the live data, start again on the same database and data folder.
    await t.app.close();
    await expect(restoreBackup({ ...backupOf(folder), replace: false })).rejects.toThrow(RestoreRefused);
    await restoreBackup({ ...backupOf(folder), replace: true });
    reopened = createDatabase(t.database.target);
    t.app = await buildApp(t.config, { database: { db: reopened, schema: schema() }, logger: false });

    const back = await signIn(t.app, kept.body.email, kept.body.password);
    expect(back.name).toBe(kept.body.name);
    // The old token works again: the JWT secret came back with the data folder.
    const profile = await t.app.inject({ url: `/api/students/student/getbyid/${kept.student._id}`, headers: kept.headers });
    expect(profile.json().data.profileImg).toBe(pictureUrl);
    const served = await t.app.inject({ url: pictureUrl });
    expect(served.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: newcomer.body.email, password: newcomer.body.password } });
    expect(gone.statusCode).toBe(401);
    // The replaced data folder is kept beside, not thrown away.
    const parent = path.dirname(t.config.dataDir);
    expect(readdirSync(parent).some((name) => name.startsWith(`${path.basename(t.config.dataDir)}-replaced-`))).toBe(true);
  });

  it('refuses a damaged backup before changing anything', async () => {
    const folder = await createBackup({ dataDir: t.config.dataDir, database: t.database.target, outDir });
    const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as { entries: { path: string }[] };
    const victim = path.join(folder, manifest.entries[manifest.entries.length - 1]?.path ?? '');
    writeFileSync(victim, 'tampered');
    const before = readdirSync(t.config.dataDir).sort();
    await expect(restoreBackup({ ...backupOf(folder), replace: true })).rejects.toThrow(/damaged/);
    expect(readdirSync(t.config.dataDir).sort()).toEqual(before);
  });

  it('refuses a backup of the other engine, and a folder that is not a finished backup', async () => {
    const folder = await createBackup({ dataDir: t.config.dataDir, database: t.database.target, outDir });
    const other = t.database.target.kind === 'sqlite' ? { kind: 'postgres' as const, url: 'postgres://nobody@127.0.0.1:1/none' } : { kind: 'sqlite' as const, file: '/nonexistent/portal.sqlite' };
    await expect(restoreBackup({ dataDir: t.config.dataDir, database: other, from: folder, replace: true })).rejects.toThrow(/backup is of a/);
    await expect(restoreBackup({ ...backupOf(outDir), replace: true })).rejects.toThrow(/not a finished backup/);
  });
});
