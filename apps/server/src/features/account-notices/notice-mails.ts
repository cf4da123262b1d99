import type { Branding } from '@academy/contract';
import { brandedMail, sriLankaTime } from '../../mail/branded-mail';
import type { Mail } from '../../mail/mailer';

// The mails that tell an account's owner that its sign-in details changed (ASVS 2.2.3, 2.5.5):
// whoever changed them, the owner hears of it at the address they know, and can act at once.

export interface NoticeAccount {
  email: string;
  name: string;
}

/** How a password came to change: by its owner, signed in, or by a code mailed to the account. */
export type PasswordChange = 'changed' | 'reset';

const notYou = (title: string) => [
  'If this was not you, reset your password at once with "Forgot password" on the sign-in page, and tell the academy.',
  `${title} will never ask you for your password or a code.`,
];

export function passwordChangedMail(account: NoticeAccount, how: PasswordChange, at: Date, branding: Branding): Mail {
  const { title } = branding;
  const way = how === 'reset' ? 'was reset with a code sent to this address' : 'was changed';
  return brandedMail({
    to: account.email,
    subject: `${title}: your password was changed`,
    branding,
    name: account.name,
    paragraphs: [
      `The password of your ${title} account ${way} on ${sriLankaTime(at, true)}.`,
      'Every browser and phone signed in to the account was signed out; sign in again with the new password.',
    ],
    footnote: notYou(title),
  });
}

/** To the old address: password reset codes go to the new one from now on. */
export function emailChangedMail(account: NoticeAccount, newEmail: string, at: Date, branding: Branding): Mail {
  const { title } = branding;
  return brandedMail({
    to: account.email,
    subject: `${title}: the e-mail address of your account was changed`,
    branding,
    name: account.name,
    paragraphs: [
      `The academy's staff changed the e-mail address of your ${title} account from ${account.email} to ${newEmail} on ${sriLankaTime(at, true)}.`,
      'You now sign in with the new address, and password reset codes go to it.',
    ],
    footnote: ['If you did not ask for this, contact the academy at once: whoever reads the new address can take over the account.'],
  });
}
