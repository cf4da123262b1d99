import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the receiver got it off the wire, with its text and HTML bodies decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a free local port: the server under test
 * delivers through nodemailer exactly as it would to the academy's mail provider.
 */
export async function startSmtpReceiver(options: { login?: { user: string; pass: string } } = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const { login } = options;
  const server = new SMTPServer({
    // With a login, a mail provider's sign-in (over plain loopback, hence allowed without TLS).
    authOptional: !login,
    allowInsecureAuth: Boolean(login),
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) callback(null, { user: login.user });
      else callback(new Error('Invalid username or password'));
    },
    // Plain SMTP on loopback; STARTTLS would need a certificate the client trusts.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ ...parseMessage(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Headers = Map<string, string>;

function splitHeaders(block: string): { headers: Headers; body: string } {
  const end = block.search(/\r?\n\r?\n/);
  const head = end === -1 ? block : block.slice(0, end);
  const body = end === -1 ? '' : block.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes a subject with non-ASCII letters. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { headers, body } = splitHeaders(raw);
  const found = { text: '', html: '' };
  collectParts(headers, body, found);
  return { subject: decodeWords(headers.get('subject') ?? ''), ...found };
}

function collectParts(headers: Headers, body: string, found: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    // The line break before a boundary belongs to the boundary, not to the part.
    const parts = `\r\n${body.replace(/\r?\n/g, '\r\n')}`.split(`\r\n--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitHeaders(part.replace(/^\r?\n/, ''));
      collectParts(inner.headers, inner.body, found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n');
  if (type.toLowerCase().startsWith('text/html')) found.html = decoded;
  else if (type.toLowerCase().startsWith('text/plain')) found.text = decoded;
}
