import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('applies the documented defaults and picks SQLite in the data folder', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
    expect(config.admin).toBeNull();
    expect(config.branding.title).toBe('History Academy');
    expect(config.adminSessions).toEqual({ idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 });
  });

  it('resolves a relative DATA_DIR from where npm was run (INIT_CWD), not the workspace folder', () => {
    const root = dataDir();
    const config = loadConfig({ DATA_DIR: './data', INIT_CWD: root });
    expect(config.dataDir).toBe(path.join(root, 'data'));
  });

  it('picks PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@127.0.0.1/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@127.0.0.1/db' });
  });

  it('refuses a database, Redis or mail server on another machine reached without TLS, naming the fix', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ DATABASE_URL: 'postgres://u@db.example.lk/portal' }, /DATABASE_URL reaches db\.example\.lk without TLS: add \?sslmode=verify-full/],
      [{ DATABASE_URL: 'postgres://u@db.example.lk/portal?sslmode=prefer' }, /DATABASE_URL reaches db\.example\.lk without TLS/],
      [{ REDIS_URL: 'redis://cache.example.lk:6379' }, /REDIS_URL reaches cache\.example\.lk without TLS: use rediss:\/\//],
      [{ SMTP_URL: 'smtp://user:pass@mail.example.lk:587' }, /SMTP_URL reaches mail\.example\.lk without TLS: use smtps:\/\//],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
      // A private network nobody else sees may be allowed, by name.
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env, ALLOW_PLAINTEXT_SERVICES: 'true' })).not.toThrow();
    }
    const accepted: Record<string, string>[] = [
      { DATABASE_URL: 'postgres://u@db.example.lk/portal?sslmode=verify-full' },
      { DATABASE_URL: 'postgres://u@db.example.lk/portal?sslmode=require' },
      { DATABASE_URL: 'postgres://u@localhost/portal' },
      { DATABASE_URL: 'postgres://u@127.0.0.1:5432/portal' },
      { DATABASE_URL: 'postgres:///portal?host=/var/run/postgresql' },
      { REDIS_URL: 'rediss://cache.example.lk:6380' },
      { REDIS_URL: 'redis://[::1]:6379' },
      { SMTP_URL: 'smtps://user:pass@mail.example.lk:465' },
      { SMTP_URL: 'smtp://user:pass@mail.example.lk:587?requireTLS=true' },
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
    ];
    for (const env of accepted) expect(() => loadConfig({ DATA_DIR: dataDir(), ...env }), JSON.stringify(env)).not.toThrow();
  });

  it('keeps a generated JWT secret in the data folder across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ ADMIN_EMAIL: 'a@b.lk' }, /ADMIN_EMAIL and ADMIN_PASSWORD together/],
    [{ ADMIN_EMAIL: 'a@b.lk', ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
    [{ JWT_SECRET: 'too-short' }, /JWT_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CORS_ORIGINS: 'https://app.example.lk/' }, /CORS_ORIGINS has "https:\/\/app.example.lk\/"/],
    [{ CORS_ORIGINS: 'app.example.lk' }, /CORS_ORIGINS/],
    [{ CORS_ORIGINS: 'https://a.example.lk,*' }, /CORS_ORIGINS has "\*"/],
    [{ RATE_LIMIT_SIGN_IN: '0' }, /RATE_LIMIT_SIGN_IN/],
    [{ RATE_LIMIT_READ: 'lots' }, /RATE_LIMIT_READ/],
    [{ RATE_LIMIT_WINDOW: '1 minute' }, /RATE_LIMIT_WINDOW/],
    [{ RATE_LIMIT_SITTING: 'a hall' }, /RATE_LIMIT_SITTING/],
    [{ PAPER_SAVES_PER_MINUTE: '0' }, /PAPER_SAVES_PER_MINUTE/],
    [{ BODY_TIMEOUT: '30' }, /BODY_TIMEOUT/],
    [{ SIGN_IN_ADDRESS_SHARE: '150' }, /SIGN_IN_ADDRESS_SHARE/],
    [{ SIGN_IN_WINDOW: 'forever' }, /SIGN_IN_WINDOW/],
    [{ TRANSCODE_CONCURRENCY: 'two' }, /TRANSCODE_CONCURRENCY/],
  ])('refuses %o with a message naming the setting', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(pattern);
  });

  it('defaults to same-origin, production request budgets and a 30 s body deadline', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.corsOrigins).toEqual([]);
    expect(config.bodyTimeoutMs).toBe(30_000);
    expect(config.rateLimits).toEqual({ windowMs: 60_000, budgets: { read: 1200, write: 300, 'sign-in': 600, upload: 60, sitting: 20_000 } });
    expect(config.papers.savesPerMinute).toBe(300);
  });

  it('defaults papers to a 60 s grace, two paper jobs at once and a sweep every 30 s, images in the data folder', () => {
    const dir = dataDir();
    const { papers } = loadConfig({ DATA_DIR: dir });
    expect(papers).toEqual({ savesPerMinute: 300, graceMs: 60_000, jobConcurrency: 2, sweepMs: 30_000, imagesDir: path.join(dir, 'paper-images') });
    expect(() => loadConfig({ DATA_DIR: dir, PAPER_GRACE_SECONDS: '601' })).toThrow(/PAPER_GRACE_SECONDS/);
  });

  it('defaults the sign-in rules to what lets a hall of 300 behind one address in (docs/security.md)', () => {
    const { signIn } = loadConfig({ DATA_DIR: dataDir() });
    expect(signIn).toEqual({
      windowMs: 15 * 60_000,
      placeLimit: 10,
      accountLimit: 20,
      delayAfter: 5,
      delayMaxMs: 60_000,
      addressFloor: 100,
      addressShare: 0.5,
      knownDeviceTtlMs: 180 * 86_400_000,
    });
  });

  it('reads CORS_ORIGINS as a list of exact origins and the budgets as numbers', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: ' https://app.example.lk , http://localhost:5173',
      RATE_LIMIT_SIGN_IN: '5',
      RATE_LIMIT_WINDOW: '10m',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.lk', 'http://localhost:5173']);
    expect(config.rateLimits.budgets['sign-in']).toBe(5);
    expect(config.rateLimits.windowMs).toBe(600_000);
  });

  it('reads branding from DATA_DIR/branding.json, with env taking precedence for the title', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'branding.json'), JSON.stringify({ title: 'File Title', tagline: 'From file' }));
    expect(loadConfig({ DATA_DIR: dir }).branding).toMatchObject({ title: 'File Title', tagline: 'From file' });
    expect(loadConfig({ DATA_DIR: dir, BRANDING_TITLE: 'Env Title' }).branding.title).toBe('Env Title');
  });
});
