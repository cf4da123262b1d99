import { t } from 'i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';

interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  error?: string | undefined;
  /** What the reader sees for an option; the option itself is what is sent. */
  labelOf?: (option: T) => string;
}

/** A row of checkboxes choosing a subset; none checked means everyone (PRODUCT.md 'Announcements'). */
export function CheckboxGroup<T extends string>({ legend, options, value, onChange, error, labelOf = (option) => option }: CheckboxGroupProps<T>) {
  const toggle = (option: T, checked: boolean) => onChange(checked ? options.filter((o) => o === option || value.includes(o)) : value.filter((o) => o !== option));
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ fontSize: '0.85rem' }}>
        {legend} {t('messages.noneMeansAll')}
      </FormLabel>
      <FormGroup row>
        {options.map((option) => (
          <FormControlLabel
            key={option}
            label={labelOf(option)}
            control={<Checkbox checked={value.includes(option)} onChange={(event) => toggle(option, event.target.checked)} />}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
