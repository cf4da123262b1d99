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

/** Where a sign-in came from, as the owner can recognise it. */
export interface SignInPlace {
  /** "Chrome on Android" (sessions/device.ts). */
  device: string;
  ip: string;
}

/** A sign-in from a browser that had not signed in to the account before (not a known device). */
export function newSignInMail(account: NoticeAccount, place: SignInPlace, at: Date, branding: Branding): Mail {
  const { title } = branding;
  return brandedMail({
    to: account.email,
    subject: `${title}: a new sign-in to your account`,
    branding,
    name: account.name,
    paragraphs: [
      `Your ${title} account was signed in to on ${place.device}, from the address ${place.ip}, on ${sriLankaTime(at, true)}. That browser had not signed in to it before.`,
      'If this was you, there is nothing to do.',
    ],
    footnote: [
      'If it was not you, change your password at once on your Profile page (or with "Forgot password" on the sign-in page), sign out the other sessions there, and tell the academy.',
    ],
  });
}

/** An admin's password is not reset by mail: what to do instead, and a warning if it was not them. */
export function adminResetRefusedMail(account: NoticeAccount, at: Date, branding: Branding): Mail {
  const { title } = branding;
  return brandedMail({
    to: account.email,
    subject: `${title}: password reset asked for an administrator account`,
    branding,
    name: account.name,
    paragraphs: [
      `Someone asked on ${sriLankaTime(at, true)} to reset the password of your ${title} administrator account. Administrator passwords are not reset by e-mail, so no code was sent.`,
      'To set a new password, whoever runs the portal types on its server: npm run create-admin -- --email <your e-mail> --password <a new password>',
    ],
    footnote: ['If this was not you, someone may be trying to take over the account: tell whoever runs the portal. Your password stays as it is.'],
  });
}

/**
 * An administrator's two-step code was offered again after it had opened a sign-in: whoever did it
 * has the password and saw a code, so the owner is told at once (ASVS 2.8.5).
 */
export function codeReplayedMail(account: NoticeAccount, at: Date, branding: Branding): Mail {
  const { title } = branding;
  return brandedMail({
    to: account.email,
    subject: `${title}: a used two-step code was tried on your account`,
    branding,
    name: account.name,
    paragraphs: [
      `On ${sriLankaTime(at, true)} someone gave the right password of your ${title} administrator account with a two-step code that had already been used, and was refused.`,
      'If this was you (a code typed twice), there is nothing to do.',
    ],
    footnote: [
      'If it was not you, someone knows your password and has seen one of your codes: change your password on your Profile page at once, sign out the other sessions there, and tell the other administrators.',
    ],
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
