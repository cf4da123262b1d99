import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { generateVapidKeys } from './notify/push/vapid-keys';

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
    [{ RATE_LIMIT_NOTIFY: '0' }, /RATE_LIMIT_NOTIFY/],
    [{ RATE_LIMIT_REGISTER: '0' }, /RATE_LIMIT_REGISTER/],
    [{ TEMPORARY_PASSWORD_DAYS: '0' }, /TEMPORARY_PASSWORD_DAYS/],
    [{ TEMPORARY_PASSWORD_DAYS: 'a week' }, /TEMPORARY_PASSWORD_DAYS/],
    [{ FEES_JOB_CONCURRENCY: 'one' }, /FEES_JOB_CONCURRENCY/],
    [{ PAYHERE_MODE: 'test' }, /PAYHERE_MODE/],
    [{ PAYHERE_CHECKOUT_URL: 'payhere' }, /PAYHERE_CHECKOUT_URL/],
    [{ PAYHERE_MERCHANT_ID: '1211149' }, /PAYHERE_MERCHANT_ID and PAYHERE_MERCHANT_SECRET together/],
    [{ PAYHERE_MERCHANT_SECRET: 'a-secret-of-the-domain' }, /PAYHERE_MERCHANT_ID and PAYHERE_MERCHANT_SECRET together/],
    [{ PAYHERE_MERCHANT_ID: '1211149', PAYHERE_MERCHANT_SECRET: 'a-secret-of-the-domain' }, /PUBLIC_URL is required/],
    [
      { PAYHERE_MERCHANT_ID: '1211149', PAYHERE_MERCHANT_SECRET: 'a-secret-of-the-domain', PAYHERE_MODE: 'live', PUBLIC_URL: 'http://portal.example.lk' },
      /PUBLIC_URL must be https/,
    ],
  ])('refuses %o with a message naming the setting', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(pattern);
  });

  it('defaults to same-origin, production request budgets and a 30 s body deadline', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.corsOrigins).toEqual([]);
    expect(config.bodyTimeoutMs).toBe(30_000);
    expect(config.rateLimits).toEqual({
      windowMs: 60_000,
      budgets: { read: 1200, write: 300, 'sign-in': 600, upload: 60, sitting: 20_000, notify: 3000 },
      registrationsPerHour: 20,
    });
    expect(config.papers.savesPerMinute).toBe(300);
    expect(config.temporaryPasswordTtlMs).toBe(7 * 24 * 60 * 60_000);
  });

  it('defaults papers to a 60 s grace, two paper jobs at once and a sweep every 30 s, images in the data folder', () => {
    const dir = dataDir();
    const { papers } = loadConfig({ DATA_DIR: dir });
    expect(papers).toEqual({ savesPerMinute: 300, graceMs: 60_000, jobConcurrency: 2, sweepMs: 30_000, imagesDir: path.join(dir, 'paper-images') });
    expect(() => loadConfig({ DATA_DIR: dir, PAPER_GRACE_SECONDS: '601' })).toThrow(/PAPER_GRACE_SECONDS/);
  });

  it('leaves PayHere off without a merchant, and sends fee mails one at a time', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.payhere).toBeNull();
    expect(config.fees).toEqual({ jobConcurrency: 1, slipsDir: path.join(dir, 'fee-slips') });
  });

  it('reads PayHere: sandbox by default, http allowed there, the checkout address by mode or override', () => {
    const merchant = { PAYHERE_MERCHANT_ID: '1211149', PAYHERE_MERCHANT_SECRET: 'a-secret-of-the-domain' };
    const sandbox = loadConfig({ DATA_DIR: dataDir(), ...merchant, PUBLIC_URL: 'http://127.0.0.1:18765/' });
    expect(sandbox.payhere).toEqual({
      merchantId: '1211149',
      merchantSecret: 'a-secret-of-the-domain',
      mode: 'sandbox',
      checkoutUrl: 'https://sandbox.payhere.lk/pay/checkout',
    });
    expect(sandbox.publicUrl).toBe('http://127.0.0.1:18765');
    const live = loadConfig({ DATA_DIR: dataDir(), ...merchant, PAYHERE_MODE: 'live', PUBLIC_URL: 'https://portal.example.lk' });
    expect(live.payhere?.checkoutUrl).toBe('https://www.payhere.lk/pay/checkout');
    const standIn = loadConfig({ DATA_DIR: dataDir(), ...merchant, PUBLIC_URL: 'https://portal.example.lk', PAYHERE_CHECKOUT_URL: 'http://127.0.0.1:18766/pay/checkout' });
    expect(standIn.payhere?.checkoutUrl).toBe('http://127.0.0.1:18766/pay/checkout');
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

  it('defaults notifications: keys generated once into the data folder at 0600, quiet 22:00-06:00, push services, 50 pushes and 60 mails at once, no e-mail without PUBLIC_URL, no SMS', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Academy <office@academy.lk>' });
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: config.notify.vapid.publicKey, privateKey: config.notify.vapid.privateKey });
    expect(loadConfig({ DATA_DIR: dir }).notify.vapid.publicKey).toBe(config.notify.vapid.publicKey);
    expect(config.publicUrl).toBeNull();
    expect(config.notify).toMatchObject({
      vapid: { subject: 'mailto:office@academy.lk' },
      push: { serviceHosts: ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'], testOrigin: null, testCaFile: null, concurrency: 50 },
      quietHours: { start: 22 * 60, end: 6 * 60 },
      mailPerMinute: 60,
      sms: null,
    });
  });

  it('takes VAPID keys from the environment, both or neither, and only a pair that matches', () => {
    const keys = generateVapidKeys();
    const config = loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.notify.vapid).toMatchObject(keys);
    const other = generateVapidKeys();
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/does not belong/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/together or not at all/);
  });

  it('derives the VAPID subject from PUBLIC_URL when MAIL_FROM is at localhost, and refuses a localhost VAPID_SUBJECT', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://portal.example.lk/' });
    expect(config.publicUrl).toBe('https://portal.example.lk');
    expect(config.notify.vapid.subject).toBe('https://portal.example.lk');
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'mailto:admin@localhost' })).toThrow(ConfigError);
  });

  it('reads quiet hours, push and SMS settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      NOTIFY_QUIET_HOURS: 'off',
      PUSH_SERVICE_HOSTS: '*',
      PUSH_TEST_ORIGIN: 'https://127.0.0.1:8443',
      PUSH_TEST_CA_FILE: '/tmp/ca.pem',
      PUSH_CONCURRENCY: '8',
      NOTIFY_MAIL_PER_MINUTE: '30',
      NOTIFY_RETENTION_DAYS: '90',
      SMS_PROVIDER: 'notify.lk',
      SMS_NOTIFYLK_USER_ID: '24117',
      SMS_NOTIFYLK_API_KEY: 'key',
      SMS_SENDER_ID: 'HistoryAcad',
      SMS_KINDS: 'fee.due,message.new',
      SMS_MONTHLY_CAP: '500',
    });
    expect(config.notify).toMatchObject({ quietHours: null, mailPerMinute: 30, retentionDays: 90, push: { serviceHosts: '*', testOrigin: 'https://127.0.0.1:8443', testCaFile: '/tmp/ca.pem', concurrency: 8 } });
    expect(config.notify.sms).toEqual({
      provider: 'notify.lk',
      apiUrl: 'https://app.notify.lk',
      senderId: 'HistoryAcad',
      credentials: { userId: '24117', apiKey: 'key' },
      kinds: ['fee.due', 'message.new'],
      monthlyCap: 500,
      dailyPerStudent: 3,
    });
  });

  it.each([
    [{ PUSH_TEST_ORIGIN: 'http://127.0.0.1:8443', PUSH_TEST_CA_FILE: '/tmp/ca.pem' }, /PUSH_TEST_ORIGIN/],
    [{ PUSH_TEST_ORIGIN: 'https://127.0.0.1:8443' }, /PUSH_TEST_ORIGIN and PUSH_TEST_CA_FILE/],
    [{ NOTIFY_QUIET_HOURS: '22-6' }, /NOTIFY_QUIET_HOURS/],
    [{ NOTIFY_RETENTION_DAYS: '0' }, /NOTIFY_RETENTION_DAYS/],
    [{ PUBLIC_URL: 'portal.example.lk' }, /PUBLIC_URL/],
    [{ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,not a host' }, /PUSH_SERVICE_HOSTS/],
    [{ SMS_PROVIDER: 'notify.lk', SMS_SENDER_ID: 'Academy' }, /SMS_NOTIFYLK_USER_ID/],
    [{ SMS_PROVIDER: 'text.lk' }, /SMS_SENDER_ID/],
    [{ SMS_KINDS: 'payment.reversed' }, /SMS_KINDS/],
    [{ SMS_PROVIDER: 'twilio' }, /SMS_PROVIDER/],
  ])('refuses the notification setting %o, naming it', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(pattern);
  });
});
