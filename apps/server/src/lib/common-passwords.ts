import { PASSWORD_MIN_LENGTH, SERVER_TEXT } from '@academy/contract';
import { errors } from './errors';

// Passwords people choose most often, from breached lists (zxcvbn-ts's common dictionary, about
// 49,000; the 308 the length rule lets through are kept): an attacker tries them first against
// every account, so none may be set (OWASP ASVS 2.1.7). Checked against the lowercased password, so
// 'Qwerty123456' counts as 'qwerty123456'. Loaded on first use: the server starts as fast without it.

let common: Promise<Set<string>> | undefined;

type LanguagePack = typeof import('@zxcvbn-ts/language-common');

function commonPasswords(): Promise<Set<string>> {
  // Through the default export: the server's bundle (esbuild, scripts/build-server.mjs) takes the
  // package's CommonJS build, whose exports arrive only as the default; Node's own loader gives
  // the same object there too.
  common ??= import('@zxcvbn-ts/language-common').then((loaded) => {
    const { dictionary } = (loaded as unknown as { default: LanguagePack }).default;
    return new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH));
  });
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** The field's refusal, in the words of the other password rules ('password must be at least ...'). */
export function commonPasswordMessage(field: string): string {
  return `${field} ${SERVER_TEXT.commonPassword}`;
}

/** Refuses a common password with a 400 naming the field. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw errors.field(field, commonPasswordMessage(field));
}
