import { t } from 'i18next';
import { ArrowBackIcon as ArrowBack } from '../../../components/icons/arrow-back';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { FormProvider } from 'react-hook-form';
import { LinkButton } from '../../../components/link-button';
import { logoUrl } from '../../../lib/branding';
import { useRegisterWizard } from '../hooks/use-register-wizard';
import { RegisterStepOne } from './register-step-one';
import { RegisterStepTwo } from './register-step-two';

const STEPS = ['students.stepDetails', 'students.stepHistory'] as const;

/** Registration, reading A: a two-step wizard (spec section 2, PRODUCT.md 'Routes'). */
export function RegisterPage() {
  const { form, step, next, back, submit, pending } = useRegisterWizard();

  const onSubmit = (event: FormEvent) => {
    if (step === 1) return void submit(event);
    event.preventDefault();
    void next();
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'brand.lightBlue', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 0, sm: 3 } }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 720, minHeight: { xs: '100dvh', sm: 'auto' }, p: { xs: 2, sm: 4 }, borderRadius: { xs: 0, sm: 4 } }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Box component="img" src={logoUrl} alt={t('general.academyLogo')} sx={{ width: 56, height: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('students.registerTitle')}
          </Typography>
        </Box>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{t(label)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={onSubmit}>
            {step === 0 ? <RegisterStepOne /> : <RegisterStepTwo />}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
              {step === 1 ? (
                <Button key="back" variant="outlined" startIcon={<ArrowBack />} onClick={back} disabled={pending}>
                  {t('students.back')}
                </Button>
              ) : (
                <span />
              )}
              {step === 0 ? (
                <Button key="next" type="submit" variant="contained" size="large">
                  {t('students.next')}
                </Button>
              ) : (
                <Button
                  key="register"
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={pending}
                  aria-busy={pending}
                  startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                >
                  {t('students.register')}
                </Button>
              )}
            </Box>
          </Box>
        </FormProvider>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, mt: 3 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('students.alreadyHaveAccount')}
          </Typography>
          <LinkButton to="/" size="small">
            {t('students.signIn')}
          </LinkButton>
        </Box>
      </Paper>
    </Box>
  );
}
