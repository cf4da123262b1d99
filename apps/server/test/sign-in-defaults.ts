import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';

/**
 * The configuration a server gets with nothing set: the tests that prove the defaults (a hall of
 * 300 signs in, an attacker is refused) read them from the real loader, not from a copy.
 */
export const DEFAULT_CONFIG = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'academy-defaults-')), JWT_SECRET: 'x'.repeat(32) });
export const DEFAULT_SIGN_IN_RULES = DEFAULT_CONFIG.signIn;
