import { messageSchema, type Message, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import type { NotificationEvent, Notifier } from '../../notify/notifier';
import { studentsReached } from './repo';
import type { Targets } from './targeting';

// An announcement as a notification (docs/notifications.md 'The kinds'): its words are the
// start of the message; its audience is its targets, resolved at fan-out by studentsReached.

export const MESSAGE_NOTIFICATION = 'message.new' satisfies NotificationKind;
/** Enough of a message for a lock screen and the bell's line; the feed shows the rest. */
const EXCERPT_LENGTH = 140;

const targetsSchema = messageSchema.pick({ batch: true, region: true, classType: true });

export function messageSubject(messageId: string): string {
  return `message:${messageId}`;
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

export function messageNotification(message: Message, actorId: string | null): NotificationEvent {
  const targets: Targets = { batch: message.batch, region: message.region, classType: message.classType };
  return {
    kind: MESSAGE_NOTIFICATION,
    subjectKey: messageSubject(message._id),
    params: { excerpt: excerptOf(message.message) },
    link: '/message',
    to: { audience: JSON.stringify(targets) },
    actorId,
  };
}

/** Tells the centre how an announcement's recipients are found: its stored targets, read by studentsReached. */
export function registerMessageAudience(notifier: Notifier, db: Db): void {
  notifier.audience(MESSAGE_NOTIFICATION, (audience, after, limit) => studentsReached(db, targetsSchema.parse(JSON.parse(audience)), after, limit));
}
