import { t } from 'i18next';
import type { RegisterBody, RegisterInput } from '@academy/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { fieldErrorText } from '../../students/lib/field-error-text';
import { useRegisterLabels } from '../../students/lib/register-labels-context';

const NOTICE_PARTS = ['privacy.noticeCollected', 'privacy.noticeWhy', 'privacy.noticeWho', 'privacy.noticeHowLong', 'privacy.noticeRights'] as const;

/** The privacy notice (ASVS 8.3.3): what is kept, why, who sees it and for how long. */
export function PrivacyNotice({ id }: { id?: string }) {
  const titleId = useId();
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: 'background.default', display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
        {t('privacy.noticeTitle')}
      </Typography>
      {NOTICE_PARTS.map((key) => (
        <Typography key={key} variant="body2">
          {t(key)}
        </Typography>
      ))}
    </Box>
  );
}

/** The notice and the box that accepts it: registration is refused (here and by the server) until it is ticked. */
export function ConsentField() {
  const { control } = useFormContext<RegisterBody, unknown, RegisterInput>();
  const { field, fieldState } = useController({ control, name: 'consent' });
  const labels = useRegisterLabels();
  const noticeId = useId();
  const errorText = fieldErrorText('consent', fieldState.error, labels);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <PrivacyNotice id={noticeId} />
      <FormControl error={Boolean(errorText)} required>
        <FormControlLabel
          label={t('privacy.consentLabel')}
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref, 'aria-describedby': noticeId, 'aria-invalid': Boolean(errorText) } }}
            />
          }
        />
        {errorText && <FormHelperText>{errorText}</FormHelperText>}
      </FormControl>
    </Box>
  );
}
