import { t } from 'i18next';
import { BATCHES, CLASS_TYPES, DISTRICTS } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useAddStudent } from '../hooks/use-add-student';
import { RegisterLabelsContext } from '../lib/register-labels-context';
import { FormTextField } from './form-text-field';
import { listOptions } from './list-options';
import { HistoryChoice } from './history-choice';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>{children}</Box>
    </Box>
  );
}

const wide = { gridColumn: { sm: '1 / -1' } };

/** Add Student at /addStudent: registration reading B, a single page (spec section 2). */
export function AddStudentPage() {
  const { form, submit, pending } = useAddStudent();
  return (
    <RegisterLabelsContext.Provider value="addStudent">
      <Paper variant="outlined" sx={{ maxWidth: 860, mx: 'auto', p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('students.registerTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('students.registerSubtitle')}</Typography>
        </Box>
        <FormProvider {...form}>
          <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Section title={t('students.personalInformation')}>
              <FormTextField name="name" autoComplete="off" />
              <FormTextField name="email" type="email" autoComplete="off" />
              <FormTextField name="whatsAppNo" type="tel" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormTextField name="additionalNo" type="tel" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Section>
            <Section title={t('students.locationAcademic')}>
              <FormTextField name="district" select>
                {listOptions('district', DISTRICTS)}
              </FormTextField>
              <FormTextField name="scl" />
              <FormTextField name="address" multiline rows={3} sx={wide} />
              <FormTextField name="password" password sx={wide} />
              <FormTextField name="batch" select>
                {listOptions(null, BATCHES)}
              </FormTextField>
              <FormTextField name="classType" select>
                {listOptions('classType', CLASS_TYPES)}
              </FormTextField>
              <FormTextField name="studentIdImg" sx={wide} />
            </Section>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'brand.lightBlue' }}>
              <HistoryChoice legend={t('students.labelsB.historyType')} />
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={pending}
              aria-busy={pending}
              startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {t('students.completeRegistration')}
            </Button>
          </Box>
        </FormProvider>
      </Paper>
    </RegisterLabelsContext.Provider>
  );
}
