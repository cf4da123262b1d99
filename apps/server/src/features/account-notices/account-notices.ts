import type { Branding } from '@academy/contract';
import type { Mailer } from '../../mail/mailer';
import { adminResetRefusedMail, codeReplayedMail, emailChangedMail, newSignInMail, passwordChangedMail, type NoticeAccount, type PasswordChange, type SignInPlace } from './notice-mails';

/**
 * Tells an account's owner, by mail, that its sign-in details changed. Sent off the request path
 * (`mailer.dispatch`) once the change is stored: the change stands whether or not the mail goes
 * out, and a failed delivery is logged.
 */
export interface AccountNotices {
  passwordChanged(account: NoticeAccount, how: PasswordChange): void;
  emailChanged(account: NoticeAccount, newEmail: string): void;
  /** A sign-in from a browser that is not a known device of the account. */
  newSignIn(account: NoticeAccount, place: SignInPlace): void;
  /** A reset code was asked for an admin account, which recovers only on the server. */
  adminResetRefused(account: NoticeAccount): void;
  /** An admin's two-step code that had already opened a sign-in was offered again. */
  codeReplayed(account: NoticeAccount): void;
}

export function createAccountNotices(mailer: Mailer, branding: Branding, now: () => Date = () => new Date()): AccountNotices {
  return {
    passwordChanged: (account, how) => mailer.dispatch(passwordChangedMail(account, how, now(), branding)),
    emailChanged: (account, newEmail) => mailer.dispatch(emailChangedMail(account, newEmail, now(), branding)),
    newSignIn: (account, place) => mailer.dispatch(newSignInMail(account, place, now(), branding)),
    adminResetRefused: (account) => mailer.dispatch(adminResetRefusedMail(account, now(), branding)),
    codeReplayed: (account) => mailer.dispatch(codeReplayedMail(account, now(), branding)),
  };
}
