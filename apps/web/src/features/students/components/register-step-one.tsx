import { BATCHES, CLASS_TYPES, DISTRICTS } from '@academy/contract';
import Box from '@mui/material/Box';
import { FormTextField } from './form-text-field';
import { listOptions } from './list-options';

/** Step 1 of the wizard: who the student is and what they enrol in. */
export function RegisterStepOne() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <FormTextField name="name" autoComplete="name" />
      <FormTextField name="email" type="email" autoComplete="email" />
      <FormTextField name="whatsAppNo" type="tel" autoComplete="tel" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormTextField name="additionalNo" type="tel" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormTextField name="district" select>
        {listOptions('district', DISTRICTS)}
      </FormTextField>
      <FormTextField name="scl" />
      <FormTextField name="address" multiline rows={3} autoComplete="street-address" sx={{ gridColumn: { sm: '1 / -1' } }} />
      <FormTextField name="password" password sx={{ gridColumn: { sm: '1 / -1' } }} />
      <FormTextField name="batch" select>
        {listOptions(null, BATCHES)}
      </FormTextField>
      <FormTextField name="classType" select>
        {listOptions('classType', CLASS_TYPES)}
      </FormTextField>
    </Box>
  );
}
