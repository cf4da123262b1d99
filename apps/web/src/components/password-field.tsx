import { t } from 'i18next';
import { VisibilityIcon as Visibility } from './icons/visibility';
import { VisibilityOffIcon as VisibilityOff } from './icons/visibility-off';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

/** A password input with the spec's show/hide toggle. */
export function PasswordField(props: Omit<OutlinedFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <OutlinedField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('general.hidePassword') : t('general.showPassword')}
            onClick={() => setVisible((shown) => !shown)}
            // Keeps the caret in the field when the toggle is clicked.
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
