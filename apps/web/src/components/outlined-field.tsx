import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type OutlinedFieldProps = Omit<OutlinedInputProps, 'label'> & {
  label: string;
  helperText?: ReactNode;
};

/**
 * An outlined text input with label and helper text. MUI's TextField does the same but always
 * brings its select machinery along, which the login route's first download does without.
 * `sx` styles the whole field, as on TextField.
 */
export function OutlinedField({ label, helperText, error, fullWidth, id, sx, ...inputProps }: OutlinedFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput {...inputProps} id={inputId} label={label} aria-describedby={helperText ? helperId : undefined} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
