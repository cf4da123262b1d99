import type { Db } from '../../db/database';
import type { AccountNotices } from '../account-notices/account-notices';
import { createSecretBox } from './secret-box';
import type { AdminMfa } from './service';

/** The feature's parts for app.ts: secrets sealed under the server's secret, the portal's title as the app's label. */
export function createAdminMfa(db: Db, options: { serverSecret: string; issuer: string; clock?: () => number; notices?: AccountNotices }): AdminMfa {
  return { db, box: createSecretBox(options.serverSecret), clock: options.clock ?? Date.now, issuer: options.issuer, notices: options.notices ?? null };
}
