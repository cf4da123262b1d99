import { t } from 'i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-error';
import { PasswordField } from './password-field';

interface ConfirmPasswordDialogProps {
  open: boolean;
  /** The dialog's title; the sessions card's "Confirm it's you" when not given. */
  title?: string;
  /** What will happen once the password is given ("Enter your password to sign out …"). */
  text: string;
  /** The confirm button's words. */
  action: string;
  pending: boolean;
  /** The server's refusal of the last try (a wrong password), shown under the field. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (password: string) => void;
  /** After the closing animation: the place to open an alert over the page (see student-list-page). */
  onExited?: () => void;
}

/**
 * Asks for the account's password again before what a stolen session must not do on its own:
 * ending sessions (ASVS 3.3.4), an admin's e-mail change, CSV export, suspension or deletion of
 * students (3.7.1). The
 * server checks it; a wrong one is shown here and the dialog stays open for another try.
 */
export function ConfirmPasswordDialog({ open, title, text, action, pending, error, onCancel, onConfirm, onExited }: ConfirmPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        paper: { component: 'form', noValidate: true, onSubmit: submit } as object,
        transition: {
          onExited: () => {
            setPassword('');
            onExited?.();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title ?? t('sessions.confirmTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{text}</DialogContentText>
        <PasswordField
          label={t('sessions.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          fullWidth
          error={Boolean(error)}
          helperText={error ?? undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('sessions.cancel')}</Button>
        <Button type="submit" color="error" variant="contained" disabled={pending || !password}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's refusal of the password itself (missing or wrong), to show in the dialog; null for any other failure. */
export function passwordRefusal(error: Error): string | null {
  return error instanceof ApiError ? (error.fieldMessage('password') ?? null) : null;
}
