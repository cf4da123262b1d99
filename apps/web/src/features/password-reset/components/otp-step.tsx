import { t } from 'i18next';
import { OTP_LENGTH } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { alerts } from '../../../lib/alerts';
import { useConfirmOtpMutation } from '../api/confirm-otp';
import { useSendOtpMutation } from '../api/send-otp';
import { failureText } from '../lib/failure-text';
import { maskEmail } from '../lib/mask-email';
import { EMPTY_OTP } from '../lib/otp-digits';
import { OtpInput } from './otp-input';
import { StepForm } from './step-form';

interface OtpStepProps {
  email: string;
  onConfirmed: (resetToken: string) => void;
  onChangeEmail: () => void;
}

/** Step 2: 'OTP sent to s*****a@gmail.com', five digit boxes, Confirm; a new code or another address. */
export function OtpStep({ email, onConfirmed, onChangeEmail }: OtpStepProps) {
  const [digits, setDigits] = useState(EMPTY_OTP);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmOtpMutation();
  const resend = useSendOtpMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const otp = digits.join('');
    if (otp.length !== OTP_LENGTH) return setProblem(t('passwordReset.otpIncomplete'));
    setProblem(null);
    confirm.mutate(
      { email, otp },
      {
        onSuccess: (answer) => onConfirmed(answer.data.resetToken),
        onError: (error) => {
          setProblem(failureText(error));
          setDigits(EMPTY_OTP);
        },
      },
    );
  };

  const sendAgain = () => {
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setDigits(EMPTY_OTP);
          setProblem(null);
          void alerts.info({ title: t('passwordReset.otpNewSent'), toast: true });
        },
        onError: (error) => setProblem(failureText(error)),
      },
    );
  };

  return (
    <StepForm onSubmit={submit}>
      <Typography>
        {t('passwordReset.otpSentTo')} <strong>{maskEmail(email)}</strong>
      </Typography>
      <Box>
        <OtpInput label={t('passwordReset.otp')} value={digits} onChange={setDigits} error={Boolean(problem)} disabled={confirm.isPending} />
        {problem && (
          <FormHelperText error role="alert" sx={{ textAlign: 'center', mt: 1 }}>
            {problem}
          </FormHelperText>
        )}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {t('passwordReset.confirm')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" onClick={sendAgain} disabled={resend.isPending}>
          {t('passwordReset.sendNewOtp')}
        </Button>
        <Button size="small" color="secondary" onClick={onChangeEmail}>
          {t('passwordReset.useAnotherEmail')}
        </Button>
      </Box>
    </StepForm>
  );
}
