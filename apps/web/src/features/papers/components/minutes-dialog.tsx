import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';

interface MinutesDialogProps {
  title: string;
  text: ReactNode;
  label: string;
  min: number;
  max: number;
  initial: number;
  submitLabel: string;
  /** Sends the minutes; resolves to the sentence of the success notice shown once the dialog has closed. */
  onSubmit: (minutes: number) => Promise<string>;
  onClose: () => void;
}

/** The tutor's dialogs that take a number of minutes for one student: extra time, reopening. */
export function MinutesDialog({ title, text, label, min, max, initial, submitLabel, onSubmit, onClose }: MinutesDialogProps) {
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState(String(initial));
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const [pending, setPending] = useState(false);
  const notice = useRef<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(value);
    const wrong = value.trim() === '' || !Number.isInteger(minutes) || minutes < min || minutes > max;
    setInvalid(wrong);
    if (wrong) return;
    setPending(true);
    setError(null);
    try {
      notice.current = await onSubmit(minutes);
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setPending(false);
    }
  };
  const fieldError = invalid
    ? t('papersResults.minutesRange', { min, max })
    : error instanceof ApiError
      ? error.fieldMessage('minutes')
      : undefined;

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          // The notice waits for the dialog to finish closing, so the page is not left hidden from screen readers.
          onExited: () => {
            if (notice.current) void alerts.success({ title: notice.current, toast: true });
            onClose();
          },
        },
      }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText component="div">{text}</DialogContentText>
          <OutlinedField
            label={label}
            type="number"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputProps={{ min, max, step: 1, inputMode: 'numeric' }}
            error={Boolean(fieldError)}
            helperText={fieldError}
            autoFocus
            fullWidth
          />
          {error && !fieldError && <Alert severity="error">{failureText(error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
