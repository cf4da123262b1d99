// User-facing words, spelled exactly as spec section 8 and PRODUCT.md give them. The server's
// answers and the web app's alerts both come from here, so a wording fix is one edit.

export const SERVER_TEXT = {
  ok: 'OK',
  loginOk: 'Login Success !',
  accountSuspended: 'Your account is suspended! Contact admin',
  invalidCredentials: 'Invalid Credentials',
  commonPassword: 'is one of the most common passwords, which are tried first against every account; choose one of your own',
  tooManyRequests: 'Too many requests. Slow down and try again shortly.',
  tooManyRegistrations: 'Too many accounts were registered from this network in the last hour. Try again later, or ask the academy to add you.',
  mustChangePassword: 'You are signed in with a temporary password. Choose a password of your own to continue.',
  temporaryPasswordExpired: 'Your temporary password has expired. Ask the academy for a new one, or use Forgot Password to set your own.',
  bodyTimeout: 'The request took too long to arrive. Check the connection and try again.',
  emailTaken: 'Email already registered',
  registered: 'Registration Success',
  signInRequired: 'Sign in to continue',
  sessionEnded: 'Your session has ended. Sign in again.',
  adminOnly: 'Only an administrator can do this',
  httpsOnly: 'The portal answers only over https://: open it at its https:// address',
  notYourAccount: 'You can only see your own account',
  studentNotFound: 'Student not found',
  // Students and profiles
  stateUpdated: 'Account state updated',
  studentDeleted: 'Student deleted successfully',
  studentRestored: 'Student restored',
  restoreEmailTaken: 'Cannot restore: this e-mail now belongs to another account',
  notYourProfile: 'You can only change your own account',
  notYourPassword: 'You can only change your own password',
  adminOnlyField: 'can only be changed by an administrator',
  otherAdminEmail: "Another administrator's e-mail can only be changed by that administrator",
  accountTypeFixed: 'accountType cannot be changed',
  profileUpdated: 'Profile updated',
  passwordChanged: 'Password changed',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must differ from the current one',
  tooManyPasswordFailures: 'Too many wrong current passwords. Try again in a few minutes.',
  imageRequired: 'Choose an image file to upload',
  imageTooLarge: 'The image is larger than 5 MB',
  imageWrongType: 'Only JPEG, PNG or WebP images are accepted',
  imageUnreadable: 'The image could not be read',
  imageUploaded: 'Profile picture updated',
  importFileRequired: 'Choose a CSV file to import',
  importTooLarge: 'The CSV file is larger than 2 MB',
  importTooManyRows: 'The CSV file has more than 1000 students; split it',
  importMissingColumns: 'The CSV file is missing the columns',
  importEmpty: 'The CSV file has no student rows',
  importBroken: 'The CSV file could not be read',
  importFinished: 'Import finished',
  importConflict: 'Nothing was imported: an e-mail or regNo was taken while the file was being checked. Try again.',
  routeNotFound: 'Not found',
  invalidInput: 'Some fields need attention',
  bodyTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  malformedJson: 'The request body is not valid JSON',
  badAddress: 'The address is not valid',
  addressTooLong: 'The address is too long',
  nulCharacter: 'must not contain a NUL character',
  internal: 'Something went wrong on our side. Try again.',
  databaseDown: 'The database is not reachable',
} as const;

export const ALERT_TEXT = {
  loginSuccess: 'Login Success !',
  loginFail: 'Login Fail !',
  suspended: 'Your account is suspended! Contact admin',
  invalidCredentials: 'Invalid Credentials',
  somethingWentWrong: 'Something Went Wrong',
  registrationSuccess: 'Registration Success',
  registrationFail: 'Registration Fail',
  registrationFailed: 'Registration Failed',
  registrationFallback: 'Something went wrong',
  // Students and profiles: spec section 8 'Students'
  somethingWentWrongBang: 'Something Went Wrong !',
  updatingSuccess: 'Updating Success !',
  updatingFail: 'Updating Fail !',
  passwordChangeSuccess: 'Password Change Success !',
  passwordChangeFail: 'Password Change Fail !',
} as const;

/** The forgot-password screen (spec section 2, word for word) and its answers. */
export const PASSWORD_RESET_TEXT = {
  title: 'Forgot Password',
  enterEmail: 'Enter your email to send OTP',
  email: 'Email',
  send: 'Send',
  otpSentTo: 'OTP sent to',
  confirm: 'Confirm',
  enterNewPassword: 'Enter your new password ..!',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  submit: 'Submit',
  backToSignIn: 'Back to Sign In',
  sendNewOtp: 'Send a new OTP',
  useAnotherEmail: 'Use another email',
  otpIncomplete: 'Enter all 5 digits of the OTP',
  passwordsDiffer: 'Passwords do not match',
  otpSent: 'If an account uses this email, an OTP has been sent to it',
  otpNewSent: 'A new OTP has been sent',
  otpWrong: 'The OTP is not correct',
  otpExpired: 'This OTP has expired. Send a new one.',
  otpUsed: 'This OTP has already been used. Send a new one.',
  otpLocked: 'Too many wrong tries. Send a new OTP.',
  otpConfirmed: 'OTP confirmed',
  resetExpired: 'The time to set a new password ran out. Start again.',
  passwordReset: 'Password Reset Success !',
  passwordResetDetail: 'Sign in with your new password.',
  passwordResetFail: 'Password Reset Fail !',
} as const;

/**
 * The sign-in guard's refusal after failures: 'Too many failed sign-ins. Try again in 3 minutes.'
 * `seconds` is the answer's Retry-After; under a minute it is said in seconds.
 */
export function signInRetryMessage(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many failed sign-ins. Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/** 'The OTP is not correct. 3 tries left.' */
export function otpWrongMessage(triesLeft: number): string {
  if (triesLeft <= 0) return `${PASSWORD_RESET_TEXT.otpWrong}. ${PASSWORD_RESET_TEXT.otpLocked}`;
  return `${PASSWORD_RESET_TEXT.otpWrong}. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/** Alerts marked '3 s' in spec section 8 close by themselves after this long. */
export const ALERT_AUTO_CLOSE_MS = 3000;
