// The privacy feature's words, apart from its zod schemas: the web app's English dictionary imports
// them, and the register page must not carry more than it needs (docs/languages.md).

/**
 * The privacy notice's version: stored with each student's consent, so a later change of the
 * notice says which students agreed to which words. Change it whenever the notice's meaning changes.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

export const PRIVACY_TEXT = {
  noticeTitle: 'How we use your details',
  noticeCollected:
    'What we keep: your name, e-mail, WhatsApp and other phone number, district, school, address, ID number, class and batch, a profile picture if you add one, the lessons you watch, your paper answers and marks, your fee payments, and the devices and IP addresses you sign in from.',
  noticeWhy:
    'Why: to run your classes: to let you in, give you the right lessons and papers, keep your marks and payments, send you the notices you choose, and stop shared or stolen accounts.',
  noticeWho:
    'Who sees it: you, and the academy’s tutors and staff who run the portal. Payment details go to PayHere when you pay online. We never sell your details.',
  noticeHowLong:
    'How long: while your account is open. Signed-out sessions are removed after a few months and staff activity records after two years. If you ask to erase your account, your details are removed after a short grace period; receipts of payments keep your name, as the law requires.',
  noticeRights: 'You can download your data or ask us to erase your account from your Profile at any time.',
  consentLabel: 'I have read how my details are used and I agree',
  consentRequired: 'must be accepted to register',
  sectionTitle: 'Your Data',
  sectionHint: 'Download everything the portal keeps about you, or ask to erase your account.',
  download: 'Download my data',
  downloaded: 'Your data was downloaded',
  erase: 'Erase my account',
  eraseConfirmTitle: 'Erase your account?',
  eraseConfirmText:
    'Your details will be erased and your account closed after {{days}} days. Until then you can still sign in and cancel. Receipts of payments keep your name. Enter your password to confirm.',
  password: 'Password',
  cancel: 'Cancel',
  erasureRequested: 'Erasure requested',
  erasurePending: 'Your account will be erased on {{date}}. Sign in before then and cancel to keep it.',
  cancelErasure: 'Keep my account',
  erasureCancelled: 'Erasure cancelled',
  noErasureRequest: 'There is no erasure request to cancel',
  erasureAlreadyRequested: 'Erasure is already requested',
  adminNotErased: 'An admin account is not erased from the portal',
} as const;
