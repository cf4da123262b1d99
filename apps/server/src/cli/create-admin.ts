import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@academy/contract';
import { ConfigError, loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { resetFromCommandLine } from '../features/admin-mfa/service';
import { ensureAdmin } from '../features/students/service';
import { commonPasswordMessage, isCommonPassword } from '../lib/common-passwords';

// npm run create-admin -- --email E --password P [--name N] [--reset-second-factor]
// Creates the admin, or resets an existing account's password and makes it an admin; with
// --reset-second-factor also removes their authenticator app (lost phone and recovery codes), so
// they set one up again at their next sign-in (docs/security.md, 'Admins' second factor').

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, 'reset-second-factor': { type: 'boolean' } },
  });
  const email = emailSchema.safeParse(values.email);
  const password = passwordSchema.safeParse(values.password);
  if (!email.success || !password.success) {
    console.error('Usage: npm run create-admin -- --email admin@example.lk --password "at least 12 characters" [--name "Name"]');
    if (!email.success) console.error(`--email ${email.error.issues[0]?.message ?? 'is invalid'}`);
    if (!password.success) console.error(`--password ${password.error.issues[0]?.message ?? 'is invalid'}`);
    process.exit(2);
  }
  if (await isCommonPassword(password.data)) {
    console.error(`--${commonPasswordMessage('password')}`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const result = await ensureAdmin(
      db,
      { email: email.data, password: password.data, ...(values.name ? { name: values.name } : {}) },
      { resetPassword: true },
    );
    console.log(result === 'created' ? `Admin ${email.data} created.` : `Admin ${email.data} updated; its other sessions have ended.`);
    if (values['reset-second-factor'] && (await resetFromCommandLine(db, email.data))) {
      console.log(`Two-step sign-in of ${email.data} removed: they set it up again at their next sign-in.`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
