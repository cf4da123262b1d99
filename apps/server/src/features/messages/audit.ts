import type { AuditAction, Message } from '@academy/contract';
import type { AuditRecord, AuditTarget } from '../audit-log/service';

// How a message reads in the audit log: the target is named by the start of its text.

const LABEL_LENGTH = 60;

/** The fields an edit can change, compared on the message as the API shows it. */
export const EDITABLE_FIELDS: Record<'message' | 'link' | 'batch' | 'region' | 'classType', string> = {
  message: 'message',
  link: 'link',
  batch: 'batch',
  region: 'region',
  classType: 'classType',
};

function messageTarget(message: Pick<Message, '_id' | 'message'>): AuditTarget {
  const text = message.message.replace(/\s+/g, ' ').trim();
  return { type: 'message', id: message._id, label: text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH)}…` : text };
}

/** 'batch 2026, Indian, Theory & Revision', or 'everyone' when nothing narrows it. */
function audienceText(message: Pick<Message, 'batch' | 'region' | 'classType'>): string {
  return [message.batch && `batch ${message.batch}`, message.region.join(' & '), message.classType.join(' & ')].filter(Boolean).join(', ') || 'everyone';
}

/** A message's entry: 'Sent a message to batch 2026, Indian'. */
export function messageRecord(action: AuditAction, verb: string, message: Message, detail: Record<string, unknown>): AuditRecord {
  return { action, target: messageTarget(message), summary: `${verb} a message to ${audienceText(message)}`, detail };
}
