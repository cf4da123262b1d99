import type { RegisterBody, RegisterInput } from '@academy/contract';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { fieldErrorText } from '../lib/field-error-text';
import type { RegisterField } from '../lib/register-fields';
import { useRegisterLabels } from '../lib/register-labels-context';
import { PasswordStrengthMeter } from './password-strength-meter';

type FormTextFieldProps = Omit<TextFieldProps, 'name'> & {
  name: Exclude<RegisterField, 'indianHistory' | 'europeHistory'>;
  /** A new password: masked, with the strength meter under it. */
  password?: boolean;
};

/** A registration field wired to the form: label, value, and its error under it. */
export function FormTextField({ name, password = false, children, ...props }: FormTextFieldProps) {
  const { control } = useFormContext<RegisterBody, unknown, RegisterInput>();
  const labels = useRegisterLabels();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const errorText = fieldErrorText(name, fieldState.error, labels);
        const common = {
          label: labels[name],
          name: field.name,
          value: field.value ?? '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: Boolean(errorText),
          helperText: errorText,
          fullWidth: true,
        };
        if (password) {
          return (
            <Box sx={props.sx}>
              <PasswordField {...common} autoComplete="new-password" />
              <PasswordStrengthMeter password={String(field.value ?? '')} />
            </Box>
          );
        }
        return (
          <TextField {...props} {...common}>
            {children}
          </TextField>
        );
      }}
    />
  );
}
