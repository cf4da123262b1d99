import type { RegisterBody, RegisterInput } from '@academy/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useFormContext, useWatch } from 'react-hook-form';
import { fieldErrorText } from '../lib/field-error-text';
import { useRegisterLabels } from '../lib/register-labels-context';

type Choice = 'Indian' | 'Europe';
const FLAG = { Indian: 'indianHistory', Europe: 'europeHistory' } as const;
const OTHER: Record<Choice, Choice> = { Indian: 'Europe', Europe: 'Indian' };

/**
 * Spec section 4 'History choice': checking one option unchecks the other and sets historyType;
 * unchecking clears only that flag (historyType stays, the form then asks for a choice).
 */
export function HistoryChoice({ legend }: { legend?: string }) {
  const { control, setValue, trigger, formState, getFieldState } = useFormContext<RegisterBody, unknown, RegisterInput>();
  const labels = useRegisterLabels();
  const [indian, europe] = useWatch({ control, name: ['indianHistory', 'europeHistory'] });
  const errorText = fieldErrorText('historyType', getFieldState('historyType', formState).error, labels);

  const toggle = (choice: Choice, checked: boolean) => {
    const options = { shouldDirty: true };
    setValue(FLAG[choice], checked, options);
    if (checked) {
      setValue(FLAG[OTHER[choice]], false, options);
      setValue('historyType', choice, options);
    }
    if (formState.isSubmitted) void trigger('historyType');
  };

  return (
    <FormControl error={Boolean(errorText)} component="fieldset" variant="standard">
      <FormLabel component="legend">{legend ?? labels.historyType}</FormLabel>
      <FormGroup row>
        <FormControlLabel
          label={labels.indianHistory}
          control={<Checkbox checked={indian} onChange={(event) => toggle('Indian', event.target.checked)} />}
        />
        <FormControlLabel
          label={labels.europeHistory}
          control={<Checkbox checked={europe} onChange={(event) => toggle('Europe', event.target.checked)} />}
        />
      </FormGroup>
      {errorText && <FormHelperText>{errorText}</FormHelperText>}
    </FormControl>
  );
}
