import { t } from 'i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { logoUrl } from '../../../lib/branding';
import { EmailStep } from './email-step';
import { NewPasswordStep } from './new-password-step';
import { OtpStep } from './otp-step';

type Step = { name: 'email'; email: string } | { name: 'otp'; email: string } | { name: 'password'; email: string; resetToken: string };

/** /forgotPassword: the spec's three steps, each backed by a server call (docs/password-reset.md). */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'email', email: '' });
  const navigate = useNavigate();
  const restart = () => setStep({ name: 'email', email: step.email });

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2, py: 4, bgcolor: 'brand.lightBlue' }}>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 4 }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Box component="img" src={logoUrl} alt={t('general.academyLogo')} sx={{ width: 56, height: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main', mt: 1 }}>
            {t('passwordReset.title')}
          </Typography>
        </Box>
        {step.name === 'email' && <EmailStep initialEmail={step.email} onSent={(email) => setStep({ name: 'otp', email })} />}
        {step.name === 'otp' && (
          <OtpStep
            email={step.email}
            onConfirmed={(resetToken) => setStep({ name: 'password', email: step.email, resetToken })}
            onChangeEmail={restart}
          />
        )}
        {step.name === 'password' && (
          <NewPasswordStep resetToken={step.resetToken} onDone={() => navigate('/', { replace: true })} onRestart={restart} />
        )}
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <LinkButton to="/" size="small">
            {t('passwordReset.backToSignIn')}
          </LinkButton>
        </Box>
      </Paper>
    </Box>
  );
}
