import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../test/smtp-receiver';
import { ConfigError, loadConfig } from '../config';
import { createMailer, type Mail } from './mailer';
import type { OutboxMail } from './outbox-transport';

const mail: Mail = { to: 'nimali@example.lk', subject: 'Ūnicode subject', text: 'Hello\n\nYour OTP is:\n\n    12345\n', html: '<p>12345</p>' };

/** A real pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('mailer', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'academy-mail-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each mail to DATA_DIR/outbox as .json and .txt, readable only by the server, and logs where', async () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.mail).toEqual({ smtpUrl: null, from: '"History Academy" <no-reply@localhost>', outboxDir: path.join(config.dataDir, 'outbox') });
    const { log, lines } = capturingLogger();
    const mailer = createMailer(config.mail, log);
    await mailer.send({ ...mail, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    await mailer.send({ ...mail, to: 'second@example.lk' });

    const files = readdirSync(config.mail.outboxDir).sort();
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.txt'))).toHaveLength(2);
    // Two mails in the same millisecond sort by their random suffix: find the first by its recipient.
    const read = (name: string) => JSON.parse(readFileSync(path.join(config.mail.outboxDir, name), 'utf8')) as OutboxMail;
    const first = files.find((f) => f.endsWith('.json') && read(f).to === mail.to) as string;
    const stored = read(first);
    expect(stored).toMatchObject({ ...mail, from: config.mail.from, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    const txt = path.join(config.mail.outboxDir, first.replace(/\.json$/, '.txt'));
    expect(readFileSync(txt, 'utf8')).toContain('To: nimali@example.lk\nSubject: Ūnicode subject');
    expect(readFileSync(txt, 'utf8')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\n');
    expect(statSync(txt).mode & 0o777).toBe(0o600);
    expect(lines.map((l) => l.path)).toContain(txt);
  });

  it('with SMTP_URL delivers through SMTP, from MAIL_FROM, both bodies intact', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: smtp.url, MAIL_FROM: 'Academy <office@academy.lk>' });
      const mailer = createMailer(config.mail, capturingLogger().log);
      await mailer.send({ ...mail, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
      await mailer.close();
      const received = await smtp.waitFor(() => true);
      expect(received.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(received).toMatchObject({ to: ['nimali@example.lk'], subject: mail.subject, html: mail.html });
      expect(received.text.trim()).toBe(mail.text.trim());
      expect(received.raw).toMatch(/^From: Academy <office@academy\.lk>/m);
      expect(readdirSync(config.dataDir)).not.toContain('outbox');
    } finally {
      await smtp.close();
    }
  });

  it('dispatch sends off the request path, logs a failure instead of throwing, and close waits for it', async () => {
    const smtp = await startSmtpReceiver();
    const deadUrl = smtp.url;
    await smtp.close();
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: deadUrl }).mail, log);
    await expect(mailer.send(mail)).rejects.toThrow();
    mailer.dispatch(mail);
    await mailer.close();
    expect(lines.find((l) => l.msg === 'mail delivery failed')).toMatchObject({ subject: mail.subject });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.lk' }, /SMTP_URL/],
    [{ MAIL_FROM: ' ' }, /MAIL_FROM/],
  ])('refuses %o with a message naming the setting', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(pattern);
  });
});
