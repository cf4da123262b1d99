import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

interface ItemNameDialogProps {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog so the name can be corrected at once. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for one name: a new folder, or a new name for an item. */
export function ItemNameDialog({ open, title, label, submitLabel, initialName = '', pending, error, onSubmit, onClose }: ItemNameDialogProps) {
  const [name, setName] = useState(initialName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="item-name-title" slotProps={{ transition: { onEnter: () => setName(initialName) } }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="item-name-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField autoFocus label={label} value={name} onChange={(event) => setName(event.target.value)} fullWidth margin="dense" />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || !name.trim()}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
