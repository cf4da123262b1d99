import { t } from 'i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../students/components/password-strength-meter';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useResetPasswordMutation } from '../api/reset-password';
import { failureText } from '../lib/failure-text';
import { StepForm } from './step-form';

interface NewPasswordStepProps {
  resetToken: string;
  onDone: () => void;
  /** The reset token ran out or was spent: the student starts again from step 1. */
  onRestart: () => void;
}

/** Step 3: 'Enter your new password ..!', Password and Confirm Password, Submit (which the spec left without an action). */
export function NewPasswordStep({ resetToken, onDone, onRestart }: NewPasswordStepProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const mutation = useResetPasswordMutation();
  const passwordProblem = mutation.error instanceof ApiError ? mutation.error.fieldMessage('password') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differ = password !== confirmation;
    setMismatch(differ);
    if (differ) return;
    mutation.mutate(
      { resetToken, password },
      {
        onSuccess: () => {
          void alerts.success({ title: t('passwordReset.passwordReset'), text: t('passwordReset.passwordResetDetail'), autoClose: true });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldMessage('password')) return;
          void alerts.error({ title: t('passwordReset.passwordResetFail'), text: failureText(error) });
          if (error instanceof ApiError && error.fieldMessage('resetToken')) onRestart();
        },
      },
    );
  };

  return (
    <StepForm onSubmit={submit}>
      <Typography>{t('passwordReset.enterNewPassword')}</Typography>
      <PasswordField
        label={t('passwordReset.password')}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(passwordProblem)}
        helperText={passwordProblem}
        fullWidth
        autoFocus
      />
      <PasswordStrengthMeter password={password} />
      <PasswordField
        label={t('passwordReset.confirmPassword')}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={mismatch}
        helperText={mismatch ? t('passwordReset.passwordsDiffer') : undefined}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {t('passwordReset.submit')}
      </Button>
    </StepForm>
  );
}
