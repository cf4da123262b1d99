// Two-step sign-in for admins: the words, apart from the zod schemas, since the login page shows
// the code step and its first download must not carry zod along (docs/languages.md).

export const ADMIN_MFA_TEXT = {
  // Sign-in, second step.
  codeNeeded: 'Enter the 6-digit code from your authenticator app',
  codeTitle: 'Two-step sign-in',
  codeLabel: 'Authenticator code',
  codeHint: 'Open your authenticator app and type the 6-digit code it shows for this portal. Lost your phone? Type one of your recovery codes instead.',
  verify: 'Verify',
  backToSignIn: 'Back to sign in',
  wrongCode: 'That code is not correct, or it was already used',
  challengeEnded: 'This sign-in has expired. Sign in again with your password.',
  tooManyCodes: 'Too many wrong codes. Try again in 15 minutes.',
  // Policy: an admin without a second factor may only set one up.
  enrolRequired: 'Set up two-step sign-in before using admin pages: open Two-step sign-in on your Profile page',
  // Enrolment, on the Profile page.
  title: 'Two-step sign-in',
  hint: 'Admins sign in with their password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, Aegis and others).',
  requiredNotice: 'Admin pages stay closed until you finish setting up two-step sign-in.',
  start: 'Set up two-step sign-in',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Key to type in',
  confirmLabel: 'Code from the app',
  confirm: 'Turn on',
  enrolled: 'Two-step sign-in is on',
  enrolledSince: 'On since {{date}}',
  recoveryLeft: 'Recovery codes left: {{count}}',
  recoveryTitle: 'Your recovery codes',
  recoveryHint: 'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  recoverySaved: 'I have saved them',
  alreadyEnrolled: 'Two-step sign-in is already on for this account',
  noEnrolment: 'Start setting up two-step sign-in first',
  turnOff: 'Turn off two-step sign-in',
  turnOffHint: 'Admin pages close until you set it up again. Enter your password and a current code.',
  turnedOff: 'Two-step sign-in turned off',
  password: 'Password',
  cancel: 'Cancel',
  notEnrolled: 'This admin has no two-step sign-in',
  notAnAdmin: 'Only an admin account has two-step sign-in',
  resetDone: 'Two-step sign-in removed; the admin sets it up again at their next sign-in',
} as const;

/** Recovery codes: this many per enrolment, each `xxxxx-xxxxx` from this alphabet (no 0/o, 1/l). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-km-np-z2-9]{5}-?[a-km-np-z2-9]{5}$/;
/** A TOTP code: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
