import { fillTemplate, NOTIFICATION_TEMPLATES, type NotificationItem, type NotificationLanguage } from '@academy/contract';

export interface RenderedNotification {
  title: string;
  body: string;
}

/**
 * A notification's sentences in the reader's language, from the contract's templates: the server
 * stores words, not sentences, and writes push, e-mail and SMS from the same templates.
 */
export function renderNotification(item: Pick<NotificationItem, 'kind' | 'params'>, language: NotificationLanguage): RenderedNotification {
  const template = NOTIFICATION_TEMPLATES[item.kind][language];
  return { title: fillTemplate(template.title, item.params).trim(), body: fillTemplate(template.body, item.params).trim() };
}
