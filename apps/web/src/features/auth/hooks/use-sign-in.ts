import { ALERT_TEXT, suspendedAnswerSchema, type LoginAnswer, type LoginBody } from '@academy/contract';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { alerts, preloadAlerts } from '../../../lib/alerts';
import { sessionFromLogin, writeSession } from '../../../lib/session';
import { useLoginMutation } from '../api/login';

function showSuspended() {
  void alerts.warning({ title: ALERT_TEXT.loginFail, text: ALERT_TEXT.suspended });
}

/** Spec section 8 'Login': each outcome of a sign-in and what the user sees. */
export function useSignIn() {
  const navigate = useNavigate();
  const mutation = useLoginMutation();

  const onSuccess = (answer: LoginAnswer) => {
    if (answer.accountState !== 'active') return showSuspended();
    writeSession(sessionFromLogin(answer));
    void alerts.success({ title: ALERT_TEXT.loginSuccess, toast: true });
    navigate('/home', { replace: true });
  };

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) {
      void alerts.warning({ title: ALERT_TEXT.somethingWentWrong, autoClose: true });
    } else if (suspendedAnswerSchema.safeParse(error.body).success) {
      showSuspended();
    } else if (error.status === 429) {
      // Our addition: a throttled user is told to wait rather than that the password is wrong.
      void alerts.warning({ title: ALERT_TEXT.loginFail, text: error.message });
    } else {
      void alerts.error({ title: ALERT_TEXT.invalidCredentials, autoClose: true });
    }
  };

  const signIn = (body: LoginBody) => {
    preloadAlerts();
    mutation.mutate(body, { onSuccess, onError });
  };

  return { signIn, pending: mutation.isPending };
}
