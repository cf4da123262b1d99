import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminMfaState, Enrolment } from '@academy/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { showFailure } from '../../../lib/failure-alerts';
import { formatDateTime } from '../../../i18n/format';
import { signOut } from '../../../lib/sign-out';
import { confirmEnrolment, readState, startEnrolment, turnOff } from '../api/admin-mfa';
import { setSecondFactorDue } from '../lib/second-factor-due';
import { SecondFactorFrame } from './second-factor-frame';

const asError = (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)));
const codeError = (failure: unknown) => (failure instanceof ApiError && failure.status === 400 ? (failure.fieldMessage('code') ?? failure.message) : null);

/**
 * An admin's two-step sign-in, from their Profile page: set up an authenticator app (a QR code and
 * the key as text, turned on only by a right code, then ten recovery codes shown once), or see it
 * on and turn it off. An admin without one is kept on this page after signing in (ASVS 4.3.1).
 */
export function SecondFactorPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<AdminMfaState | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const load = () => void readState().then(setState, (failure: unknown) => showFailure(t('alert.somethingWentWrong'), asError(failure)));
  useEffect(load, []);

  const begin = () => void startEnrolment().then(setEnrolment, (failure: unknown) => showFailure(t('alert.somethingWentWrong'), asError(failure)));
  const finished = () => {
    setRecoveryCodes(null);
    setEnrolment(null);
    setSecondFactorDue(false);
    void navigate('/home', { replace: true });
  };
  const logOut = () => void signOut().finally(() => navigate('/', { replace: true }));

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={finished} />;
  else if (enrolment) body = <EnrolmentForm enrolment={enrolment} onEnrolled={setRecoveryCodes} />;
  else if (state?.enrolled) body = <EnrolledState state={state} onTurnedOff={() => { setSecondFactorDue(true); setState(null); load(); }} />;
  else if (state) {
    body = (
      <>
        {!state.sessionVerified && <Alert severity="warning">{t('adminMfa.requiredNotice')}</Alert>}
        <Button variant="contained" onClick={begin}>
          {t('adminMfa.start')}
        </Button>
      </>
    );
  }

  return (
    <SecondFactorFrame title={t('adminMfa.title')}>
      <Typography>{t('adminMfa.hint')}</Typography>
      {body}
      <Button variant="text" onClick={state?.sessionVerified ? () => void navigate('/profile') : logOut}>
        {state?.sessionVerified ? t('adminMfa.backToProfile') : t('shell.logOut')}
      </Button>
    </SecondFactorFrame>
  );
}

function EnrolmentForm({ enrolment, onEnrolled }: { enrolment: Enrolment; onEnrolled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    confirmEnrolment(code.trim())
      .then(onEnrolled, (failure: unknown) => {
        const message = codeError(failure);
        if (message) setError(message);
        else showFailure(t('alert.somethingWentWrong'), asError(failure));
      })
      .finally(() => setPending(false));
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>{t('adminMfa.scan')}</Typography>
      <Box component="img" src={enrolment.qrCode} alt={t('adminMfa.qrAlt')} sx={{ width: 220, height: 220, alignSelf: 'center', bgcolor: '#fff' }} />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('adminMfa.manualKey')}
        </Typography>
        <Typography data-testid="totp-key" sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', letterSpacing: '0.05em' }}>
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Typography>
      </Box>
      <TextField
        label={t('adminMfa.confirmLabel')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError('');
        }}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        error={error !== ''}
        helperText={error || ' '}
      />
      <Button type="submit" variant="contained" disabled={pending || code.trim().length !== 6}>
        {t('adminMfa.confirm')}
      </Button>
    </Box>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <Alert severity="success">{t('adminMfa.enrolled')}</Alert>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('adminMfa.recoveryTitle')}
      </Typography>
      <Typography>{t('adminMfa.recoveryHint')}</Typography>
      <Box component="ul" aria-label={t('adminMfa.recoveryTitle')} sx={{ m: 0, p: 2, listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: 1, bgcolor: 'action.hover', borderRadius: 2 }}>
        {codes.map((code) => (
          <Box component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
            {code}
          </Box>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        {t('adminMfa.recoverySaved')}
      </Button>
    </>
  );
}

function EnrolledState({ state, onTurnedOff }: { state: AdminMfaState; onTurnedOff: () => void }) {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    turnOff(password, code.trim())
      .then(() => {
        void alerts.success({ title: t('adminMfa.turnedOff'), toast: true });
        onTurnedOff();
      }, (failure: unknown) => showFailure(t('alert.somethingWentWrong'), asError(failure)))
      .finally(() => setPending(false));
  };
  return (
    <>
      <Alert severity="success">
        {t('adminMfa.enrolled')}
        {state.enrolledAt ? ` · ${t('adminMfa.enrolledSince', { date: formatDateTime(state.enrolledAt) })}` : ''}
      </Alert>
      <Typography>{t('adminMfa.recoveryLeft', { count: state.recoveryCodesLeft })}</Typography>
      {asking ? (
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography>{t('adminMfa.turnOffHint')}</Typography>
          <PasswordField label={t('adminMfa.password')} value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" fullWidth size="small" />
          <TextField label={t('adminMfa.codeLabel')} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" size="small" />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setAsking(false)}>{t('adminMfa.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" disabled={pending || password === '' || code.trim() === ''}>
              {t('adminMfa.turnOff')}
            </Button>
          </Box>
        </Box>
      ) : (
        <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
          {t('adminMfa.turnOff')}
        </Button>
      )}
    </>
  );
}
