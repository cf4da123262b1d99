import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { image } from '../../src/features/banners/test-helpers';
import { closeDataFolder, loadConfig } from '../../src/config';
import { engineUnderTest } from '../engine-under-test';
import { processDatabase } from '../process-database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { signInOverHttp } from '../second-factor';
import { TEST_ADMIN } from '../test-app';

// The data folder (the SQLite database, uploads, lessons and their keys, the JWT secret) is the
// server's user's alone, never another user's of the machine (ASVS 12.4.1): made 0700, closed to
// 0700 when found open, and every file and folder the server writes in it without group or other
// bits, whatever umask the server was started with (this suite's is usually 022).

const engine = engineUnderTest();
const OPEN_FOLDER_WARNING = 'the data folder was open to other users of this machine';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(4, '0');

/** Every file and folder under `folder` that a user other than its owner may read, write or enter, with its mode. */
function openEntries(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((entry) => (modeOf(path.join(folder, entry)) & 0o077) !== 0)
    .map((entry) => `${entry} ${octal(modeOf(path.join(folder, entry)))}`);
}

/** A real server process on `dataDir` and a database of its own, stopped (and the database dropped) after `use`. */
async function withServer(dataDir: string, use: (server: ServerProcess) => Promise<void>): Promise<string> {
  const database = await processDatabase(dataDir, engine);
  try {
    const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, ...database.env });
    try {
      await use(server);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    return server.output();
  } finally {
    await database.cleanup();
  }
}

/** Signs in as the admin and uploads a banner: files written the ordinary way, with no mode of their own. */
async function uploadBanner(server: ServerProcess): Promise<void> {
  const { token } = await signInOverHttp(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
  const form = new FormData();
  form.append('image1', new Blob([new Uint8Array(await image('png', 600, 250))], { type: 'image/png' }), 'banner.png');
  const upload = await fetch(`${server.url}/api/banners/upload-image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(200);
}

describe(`the data folder (${engine})`, () => {
  it('is made 0700 when the configuration is read, whatever the umask', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'academy-private-'));
    try {
      const dataDir = path.join(parent, 'new', 'data');
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
      expect(octal(modeOf(dataDir))).toBe('0700');
      expect(closeDataFolder(dataDir), 'a private folder is left as it is').toBeNull();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("is made 0700 by a server started on a new folder, and all the server writes there is its user's alone", { timeout: 180_000 }, async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'academy-private-'));
    const dataDir = path.join(parent, 'data');
    try {
      const output = await withServer(dataDir, uploadBanner);
      expect(octal(modeOf(dataDir))).toBe('0700');
      const written = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      // What the check below looked at: the generated JWT secret, the banner's files, and the database on SQLite.
      expect(written).toContain('jwt-secret');
      expect(written.filter((entry) => entry.startsWith(`banners${path.sep}`) && entry.endsWith('.webp')).length).toBeGreaterThan(0);
      if (engine === 'sqlite') expect(written).toContain('portal.sqlite');
      expect(openEntries(dataDir)).toEqual([]);
      expect(output).not.toContain(OPEN_FOLDER_WARNING);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('is closed to 0700 when a server finds it open to other users, with one warning', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-private-'));
    try {
      chmodSync(dataDir, 0o755);
      const output = await withServer(dataDir, async () => {
        expect(octal(modeOf(dataDir)), 'closed by the time the server answers').toBe('0700');
      });
      expect(octal(modeOf(dataDir))).toBe('0700');
      const warnings = output.split('\n').filter((line) => line.includes(OPEN_FOLDER_WARNING));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('"mode":"755"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
