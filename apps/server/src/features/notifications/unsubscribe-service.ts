import { NOTIFICATION_KINDS, NOTIFICATIONS_TEXT, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { UnsubscribeTokens } from '../../notify/email/unsubscribe-token';
import { readOverrides, withSwitch } from './preferences-overrides';
import { accountExists, findPreferences, savePreferences } from './preferences-repo';
import { languageOf } from './preferences-service';

// An e-mail's unsubscribe link (RFC 8058 one-click, or the portal's page): its token names one
// account and one kind, and can only turn that kind's e-mail off (notifications.md, 'E-mail').

export interface UnsubscribeDeps {
  db: Db;
  clock: () => number;
  tokens: UnsubscribeTokens;
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** Turns off the e-mail of the token's kind for its account (again: nothing changes); a token we did not sign is not found. */
export async function unsubscribe(deps: UnsubscribeDeps, token: string): Promise<{ kind: NotificationKind }> {
  const subject = deps.tokens.verify(token);
  if (!subject || !isKind(subject.kind) || !(await accountExists(deps.db, subject.accountId))) throw errors.notFound(NOTIFICATIONS_TEXT.unsubscribeInvalid);
  const { accountId, kind } = subject;
  await deps.db.transaction().execute(async (tx) => {
    const row = await findPreferences(tx, accountId);
    const overrides = JSON.stringify(withSwitch(readOverrides(row?.overrides_json), kind, 'email', false));
    if ((row?.overrides_json ?? '{}') === overrides) return;
    await savePreferences(tx, { account_id: accountId, overrides_json: overrides, language: languageOf(row?.language), updated_at: new Date(deps.clock()).toISOString() });
  });
  return { kind };
}
