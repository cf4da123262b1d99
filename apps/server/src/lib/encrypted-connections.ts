// The portal's connections to the services it uses (PostgreSQL, Redis, the mail server) carry
// students' data, sessions and reset codes: to another machine they must be encrypted, with no
// fallback to plain text (ASVS 9.2.2). A service on this machine is reached without a network
// in between, so plain addresses stay fine there (the default set-up, and the test suite's).

/** Hosts on this machine. A name that merely resolves to a private network is not one of them. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** sslmode values that never fall back to a plain connection (pg verifies the certificate for each). */
const POSTGRES_TLS_MODES = new Set(['require', 'verify-ca', 'verify-full']);

/** Why `url` (the value of `variable`) would cross a network unencrypted, or null when it would not. */
export function plaintextProblem(variable: 'DATABASE_URL' | 'REDIS_URL' | 'SMTP_URL', url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // the variable's own format check names a malformed address
  }
  const query = parsed.searchParams;
  switch (variable) {
    case 'DATABASE_URL': {
      // A Unix socket (`?host=/var/run/postgresql`) is this machine too.
      if (isLocalHost(parsed.hostname) || query.get('host')?.startsWith('/')) return null;
      if (POSTGRES_TLS_MODES.has(query.get('sslmode') ?? '') || query.get('ssl') === 'true') return null;
      return `DATABASE_URL reaches ${parsed.hostname} without TLS: add ?sslmode=verify-full (and sslrootcert=<file> for a private CA)`;
    }
    case 'REDIS_URL':
      if (isLocalHost(parsed.hostname) || parsed.protocol === 'rediss:') return null;
      return `REDIS_URL reaches ${parsed.hostname} without TLS: use rediss://`;
    case 'SMTP_URL':
      if (isLocalHost(parsed.hostname) || parsed.protocol === 'smtps:' || query.get('requireTLS') === 'true') return null;
      return `SMTP_URL reaches ${parsed.hostname} without TLS: use smtps:// (port 465), or smtp://…:587?requireTLS=true for STARTTLS`;
  }
}
