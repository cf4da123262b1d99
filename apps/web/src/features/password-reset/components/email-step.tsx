import { t } from 'i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import { ApiError } from '../../../lib/api-client';
import { useSendOtpMutation } from '../api/send-otp';
import { failureText } from '../lib/failure-text';
import { StepForm } from './step-form';

/** Step 1: 'Enter your email to send OTP', Email, Send. */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const mutation = useSendOtpMutation();
  const problem = mutation.error
    ? mutation.error instanceof ApiError
      ? (mutation.error.fieldMessage('email') ?? mutation.error.message)
      : failureText(mutation.error)
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    mutation.mutate({ email: address }, { onSuccess: () => onSent(address) });
  };

  return (
    <StepForm onSubmit={submit}>
      <Typography>{t('passwordReset.enterEmail')}</Typography>
      <OutlinedField
        label={t('passwordReset.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {t('passwordReset.send')}
      </Button>
    </StepForm>
  );
}
