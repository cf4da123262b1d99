import { t } from 'i18next';
import { sessionFromLogin, suspendedAnswerSchema, type LoginBody } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';
import { alerts, preloadAlerts } from '../../../lib/alerts';
import { goTo } from '../../../lib/hash-location';
import { takeReturnPath } from '../../../lib/return-path';
import { writeSession } from '../../../lib/session';
import { login } from '../api/login';

function showSuspended() {
  void alerts.warning({ title: t('alert.loginFail'), text: t('alert.suspended') });
}

function reportFailure(error: unknown) {
  if (!(error instanceof ApiError)) {
    void alerts.warning({ title: t('alert.somethingWentWrong'), autoClose: true });
  } else if (suspendedAnswerSchema.safeParse(error.body).success) {
    showSuspended();
  } else if (error.status === 429) {
    // Our addition: a throttled user is told to wait rather than that the password is wrong.
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
  if (answer.accountState !== 'active') return showSuspended();
  writeSession(sessionFromLogin(answer));
  void alerts.success({ title: t('alert.loginSuccess'), toast: true });
  goTo(takeReturnPath(), { replace: true });
}
