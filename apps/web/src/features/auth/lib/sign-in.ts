import { t } from 'i18next';
import { needsSecondFactor, SERVER_TEXT, sessionFromLogin, suspendedAnswerSchema, type LoginBody } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';
import { alerts, preloadAlerts } from '../../../lib/alerts';
import { goTo } from '../../../lib/hash-location';
import { takeReturnPath } from '../../../lib/return-path';
import { writeSession } from '../../../lib/session';
import { CHOOSE_PASSWORD_PATH, setPasswordChangeDue } from '../../students/lib/password-change-due';
import { login } from '../api/login';
import { CODE_STEP_PATH, keepChallenge, SECOND_FACTOR_PATH, setSecondFactorDue } from '../../admin-mfa/lib/second-factor-due';

function showSuspended() {
  void alerts.warning({ title: t('alert.loginFail'), text: t('alert.suspended') });
}

function reportFailure(error: unknown) {
  if (!(error instanceof ApiError)) {
    void alerts.warning({ title: t('alert.somethingWentWrong'), autoClose: true });
  } else if (suspendedAnswerSchema.safeParse(error.body).success) {
    showSuspended();
  } else if (error.status === 429 || error.answer?.message === SERVER_TEXT.temporaryPasswordExpired) {
    // Our additions: a throttled user is told to wait, and one whose temporary password expired
    // where to get another, rather than that the password is wrong.
    void alerts.warning({ title: t('alert.loginFail'), text: error.message });
  } else {
    void alerts.error({ title: t('alert.invalidCredentials'), autoClose: true });
  }
}

/** Spec section 8 'Login': signs in and shows what each outcome means to the user. */
export async function signInAndReport(body: LoginBody): Promise<void> {
  preloadAlerts();
  let answer;
  try {
    answer = await login(body);
  } catch (error) {
    return reportFailure(error);
  }
  // An admin's second step: the code from their authenticator app (features/admin-mfa).
  if (needsSecondFactor(answer)) {
    keepChallenge(answer.challenge);
    return goTo(CODE_STEP_PATH, { replace: true });
  }
  if (answer.accountState !== 'active') return showSuspended();
  writeSession(sessionFromLogin(answer));
  setSecondFactorDue(answer.secondFactor === 'enrol');
  if (answer.secondFactor === 'enrol') return goTo(SECOND_FACTOR_PATH, { replace: true });
  setPasswordChangeDue(answer.mustChangePassword === true);
  void alerts.success({ title: t('alert.loginSuccess'), toast: true });
  goTo(answer.mustChangePassword ? CHOOSE_PASSWORD_PATH : takeReturnPath(), { replace: true });
}
