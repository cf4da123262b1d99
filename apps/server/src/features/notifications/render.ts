import { fillTemplate, NOTIFICATION_TEMPLATES, smsParts, type NotificationKind, type NotificationLanguage } from '@academy/contract';

// What a recipient is sent, rendered from the contract's templates in their notification language
// (pure). The push is what the service worker shows: short enough for a lock screen, with the
// address that opens the notification. SMS carry no link.

export const PUSH_TITLE_MAX = 80;
export const PUSH_BODY_MAX = 160;

export interface RenderInput {
  kind: NotificationKind;
  params: Record<string, string>;
  language: NotificationLanguage;
}

function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

function templateOf(input: RenderInput) {
  return NOTIFICATION_TEMPLATES[input.kind][input.language];
}

export interface PushPayload {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  unread: number;
  lang: NotificationLanguage;
  at: string;
}

export function pushPayload(input: RenderInput & { recipientId: string; unread: number; at: string }): PushPayload {
  const template = templateOf(input);
  return {
    id: input.recipientId,
    kind: input.kind,
    title: cut(fillTemplate(template.title, input.params), PUSH_TITLE_MAX),
    body: cut(fillTemplate(template.body, input.params), PUSH_BODY_MAX),
    url: `/#/n/${input.recipientId}`,
    unread: input.unread,
    lang: input.language,
    at: input.at,
  };
}

export interface MailWords {
  subject: string;
  lead: string;
  body: string;
}

export function mailWords(input: RenderInput): MailWords {
  const template = templateOf(input);
  return {
    subject: fillTemplate(template.emailSubject, input.params),
    lead: fillTemplate(template.emailLead, input.params),
    body: fillTemplate(template.body, input.params),
  };
}

export interface SmsText {
  text: string;
  unicode: boolean;
  parts: number;
}

export function smsText(input: RenderInput): SmsText {
  const text = fillTemplate(templateOf(input).sms, input.params);
  const parts = smsParts(text);
  return { text, unicode: parts.encoding === 'ucs2', parts: parts.parts };
}
