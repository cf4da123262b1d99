// The feature's words, apart from its zod schemas: the web app's English dictionary imports them,
// and the login page's first download must not carry zod along (docs/languages.md).

export const SESSIONS_TEXT = {
  title: 'Active Sessions',
  hint: 'Devices signed in to your account. Sign out any you do not recognise.',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  signOut: 'Sign out',
  signOutOthers: 'Sign out other sessions',
  ended: 'Session ended',
  othersEnded: 'Other sessions ended',
  notFound: 'Session not found',
  limitTitle: 'Sessions per Student',
  limitHint: 'A new sign-in beyond this number ends the student’s oldest session.',
  limitLabel: 'Sessions allowed',
  save: 'Save',
  limitSaved: 'Session limit saved',
} as const;
