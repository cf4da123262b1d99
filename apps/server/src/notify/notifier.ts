import type { NotificationKind } from '@academy/contract';
import type { Db } from '../db/database';

// What features call to tell students something (docs/notifications.md 'One interface for
// the features'). They know no channel: the notifications feature implements this, and app.ts
// hands it to the features that raise events, as class material is handed the lessons' hooks.

export interface NotificationEvent {
  kind: NotificationKind;
  /** One notification per kind and subject: 'message:<id>', 'lesson:<id>'. */
  subjectKey: string;
  /** The words the kind's templates fill in: {excerpt}, {className, title}, …; each cut to 200 characters. */
  params: Record<string, string>;
  /** A hash path of the portal ('/view/<fileId>'), never a full address. */
  link: string;
  /** Explicit account ids (at most 500), or the argument of the kind's registered audience. */
  to: { accounts: string[] } | { audience: string };
  /** ISO instants: when it goes out (now when left out), and when it stops being delivered. */
  notBefore?: string;
  expiresAt?: string;
  /**
   * Raising a kind and subject again changes nothing, unless this is set: then a notification not
   * sent out yet takes all these values, and one already sent takes the new words and link (an edit).
   */
  replace?: boolean;
  /** The account that caused it, left out of the recipients. */
  actorId?: string | null;
}

/** A page of the account ids a kind reaches for `arg`, in id order after `after`. */
export type AudienceResolver = (arg: string, after: string | null, limit: number) => Promise<string[]>;

export interface Notifier {
  /** In the caller's transaction: stored with the change that caused it, or not at all. */
  raise(tx: Db, event: NotificationEvent): Promise<void>;
  /** In the caller's transaction: it leaves every bell, and what is not delivered yet never is. */
  withdraw(tx: Db, kind: NotificationKind, subjectKey: string): Promise<void>;
  /** The account saw these subjects on their own screen (the feed served the message): no longer unread. */
  markRead(accountId: string, kind: NotificationKind, subjectKeys: string[]): Promise<void>;
  /** At start: how a kind's recipients are found at fan-out. */
  audience(kind: NotificationKind, resolve: AudienceResolver): void;
}
