import Box from '@mui/material/Box';
import { ConsentField } from '../../privacy/components/consent-field';
import { FormTextField } from './form-text-field';
import { HistoryChoice } from './history-choice';

/** Step 2 of the wizard: the student's ID and history specialisation, then the privacy notice and its consent. */
export function RegisterStepTwo() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormTextField name="studentIdImg" />
      <HistoryChoice />
      <ConsentField />
    </Box>
  );
}
