import type { Branding, NotificationLanguage } from '@academy/contract';
import { brandedMail } from '../../mail/branded-mail';
import type { Mail } from '../../mail/mailer';

// A notification's e-mail: the academy's branded mail (text and HTML from the same paragraphs,
// every word escaped in the HTML), one button to the notification in the portal, and the footer's
// two ways out. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post headers let a mail client
// turn this kind's e-mail off with one click, through the token's own route.

const WORDS: Record<NotificationLanguage, { open: string; stop: string; choose: string }> = {
  en: { open: 'Open in the portal', stop: 'Stop e-mails like this', choose: 'Choose your notifications' },
  si: { open: 'පෝටලයේ විවෘත කරන්න', stop: 'මෙවැනි ඊ-තැපැල් නවත්වන්න', choose: 'ඔබේ දැනුම්දීම් තෝරන්න' },
};

export interface NotificationMailInput {
  to: string;
  name: string;
  language: NotificationLanguage;
  branding: Branding;
  subject: string;
  lead: string;
  body: string;
  /** The portal's address, no trailing slash (PUBLIC_URL). */
  publicUrl: string;
  recipientId: string;
  unsubscribeToken: string;
}

export function notificationMail(input: NotificationMailInput): Mail {
  const words = WORDS[input.language];
  const token = encodeURIComponent(input.unsubscribeToken);
  const mail = brandedMail({
    to: input.to,
    subject: input.subject,
    branding: input.branding,
    name: input.name,
    paragraphs: [input.lead, input.body].filter((paragraph) => paragraph.trim() !== ''),
    button: { label: words.open, url: `${input.publicUrl}/#/n/${encodeURIComponent(input.recipientId)}` },
    footnote: [`${words.stop}: ${input.publicUrl}/#/unsubscribe/${token}`, `${words.choose}: ${input.publicUrl}/#/profile`],
  });
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${input.publicUrl}/api/notifications/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
