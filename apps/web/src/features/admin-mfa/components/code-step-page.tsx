import { t } from 'i18next';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sessionFromLogin } from '@academy/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { showFailure } from '../../../lib/failure-alerts';
import { takeReturnPath } from '../../../lib/return-path';
import { writeSession } from '../../../lib/session';
import { answerCode } from '../api/admin-mfa';
import { forgetChallenge, readChallenge } from '../lib/second-factor-due';
import { SecondFactorFrame } from './second-factor-frame';

/**
 * An admin's second sign-in step: the code from their authenticator app (or a recovery code)
 * with the password step's challenge opens the session. A spent or expired challenge sends them
 * back to the password.
 */
export function CodeStepPage() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const challenge = readChallenge();

  const backToSignIn = () => {
    forgetChallenge();
    void navigate('/', { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge || pending) return;
    setPending(true);
    answerCode(challenge, code)
      .then((answer) => {
        forgetChallenge();
        writeSession(sessionFromLogin(answer));
        void alerts.success({ title: t('alert.loginSuccess'), toast: true });
        void navigate(takeReturnPath(), { replace: true });
      })
      .catch((failure: unknown) => {
        setCode('');
        if (failure instanceof ApiError && failure.status === 401) {
          void alerts.warning({ title: t('alert.loginFail'), text: failure.message });
          backToSignIn();
        } else if (failure instanceof ApiError && failure.status === 400) {
          setError(failure.fieldMessage('code') ?? failure.message);
        } else {
          showFailure(t('alert.loginFail'), failure instanceof Error ? failure : new Error(String(failure)));
        }
      })
      .finally(() => setPending(false));
  };

  if (!challenge) {
    return (
      <SecondFactorFrame title={t('adminMfa.codeTitle')}>
        <Typography>{t('adminMfa.challengeEnded')}</Typography>
        <Button variant="contained" onClick={backToSignIn}>
          {t('adminMfa.backToSignIn')}
        </Button>
      </SecondFactorFrame>
    );
  }
  return (
    <SecondFactorFrame title={t('adminMfa.codeTitle')}>
      <Typography>{t('adminMfa.codeHint')}</Typography>
      <form noValidate onSubmit={submit} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <TextField
          label={t('adminMfa.codeLabel')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError('');
          }}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 12, spellCheck: false } }}
          error={error !== ''}
          helperText={error || ' '}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={pending || code.trim() === ''}>
          {t('adminMfa.verify')}
        </Button>
      </form>
      <Button variant="text" onClick={backToSignIn}>
        {t('adminMfa.backToSignIn')}
      </Button>
    </SecondFactorFrame>
  );
}
