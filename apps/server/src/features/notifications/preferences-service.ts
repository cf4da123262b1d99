import {
  KIND_RULES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LANGUAGES,
  NOTIFICATIONS_TEXT,
  type FieldError,
  type NotificationKind,
  type NotificationLanguage,
  type Preferences,
  type PreferencesUpdateBody,
} from '@academy/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { QuietHours } from '../../notify/quiet-hours';
import { maskedMobile, sriLankanMobile } from '../../notify/sms/phone';
import type { SessionAccount } from '../../plugins/auth';
import { emailCarries, isChannelOn, smsCarries } from './channels';
import { readOverrides, withSwitch } from './preferences-overrides';
import * as repo from './preferences-repo';

// The caller's own notification preferences: the kinds they receive, each channel's switch where
// the channel applies, their notification language, and what the card needs to show the channels.

export interface PreferencesDeps {
  db: Db;
  clock: () => number;
  config: Pick<Config, 'publicUrl' | 'notify'>;
}

/** Until an account chooses (its first subscription or the card), notifications are written in English. */
export const DEFAULT_NOTIFICATION_LANGUAGE: NotificationLanguage = 'en';
const NOT_A_KIND = 'is not a notification kind';

/** The kinds an account receives: the students' kinds, or the admins'. */
export function kindsOf(account: Pick<SessionAccount, 'isAdmin'>): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => KIND_RULES[kind].for === (account.isAdmin ? 'admins' : 'students'));
}

/** SMS exists only when the academy configured it, and then only for the kinds it lists. */
export function smsOffered(config: PreferencesDeps['config'], kind: NotificationKind): boolean {
  return config.notify.sms !== null && smsCarries(kind, config.notify.sms.kinds);
}

export function languageOf(stored: string | undefined): NotificationLanguage {
  return NOTIFICATION_LANGUAGES.find((language) => language === stored) ?? DEFAULT_NOTIFICATION_LANGUAGE;
}

const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const quietHoursOf = (hours: QuietHours | null) => (hours ? { from: clockTime(hours.start), to: clockTime(hours.end) } : null);

export async function getPreferences(deps: PreferencesDeps, account: SessionAccount): Promise<Preferences> {
  const { config } = deps;
  const [row, mobile] = await Promise.all([repo.findPreferences(deps.db, account.id), repo.findMobile(deps.db, account.id)]);
  const overrides = readOverrides(row?.overrides_json);
  const channels = { push: true, email: config.publicUrl !== null, sms: config.notify.sms !== null };
  const number = channels.sms && mobile ? sriLankanMobile(mobile) : null;
  return {
    language: languageOf(row?.language),
    channels,
    smsNumber: number ? maskedMobile(number) : null,
    pushKey: config.notify.vapid.publicKey,
    quietHours: quietHoursOf(config.notify.quietHours),
    kinds: kindsOf(account).map((kind) => ({
      kind,
      push: isChannelOn(kind, 'push', overrides),
      email: channels.email && emailCarries(kind) ? isChannelOn(kind, 'email', overrides) : null,
      sms: smsOffered(config, kind) ? isChannelOn(kind, 'sms', overrides) : null,
    })),
  };
}

/**
 * Each kind the caller does not receive, each e-mail switch of a kind its feature mails itself, and
 * each SMS switch of a kind SMS does not carry, by its field.
 */
function refusedChanges(deps: PreferencesDeps, account: SessionAccount, kinds: NonNullable<PreferencesUpdateBody['kinds']>): FieldError[] {
  const received = kindsOf(account);
  return kinds.flatMap((change, index): FieldError[] => {
    if (!received.includes(change.kind)) return [{ field: `kinds.${index}.kind`, message: `kinds.${index}.kind ${NOT_A_KIND}` }];
    if (change.email !== undefined && !emailCarries(change.kind)) return [{ field: `kinds.${index}.email`, message: `kinds.${index}.email ${NOTIFICATIONS_TEXT.smsNotOffered}` }];
    if (change.sms !== undefined && !smsOffered(deps.config, change.kind)) return [{ field: `kinds.${index}.sms`, message: `kinds.${index}.sms ${NOTIFICATIONS_TEXT.smsNotOffered}` }];
    return [];
  });
}

/** Sets the caller's language and the switches named; refuses the whole change if any part of it is refused. */
export async function updatePreferences(deps: PreferencesDeps, account: SessionAccount, body: PreferencesUpdateBody): Promise<Preferences> {
  const refused = refusedChanges(deps, account, body.kinds ?? []);
  if (refused[0]) throw errors.badRequest(refused[0].message, refused);
  await deps.db.transaction().execute(async (tx) => {
    const row = await repo.findPreferences(tx, account.id);
    let overrides = readOverrides(row?.overrides_json);
    for (const change of body.kinds ?? []) {
      for (const channel of NOTIFICATION_CHANNELS) {
        const on = change[channel];
        if (on !== undefined) overrides = withSwitch(overrides, change.kind, channel, on);
      }
    }
    const language = body.language ?? languageOf(row?.language);
    await repo.savePreferences(tx, { account_id: account.id, overrides_json: JSON.stringify(overrides), language, updated_at: new Date(deps.clock()).toISOString() });
  });
  return getPreferences(deps, account);
}
