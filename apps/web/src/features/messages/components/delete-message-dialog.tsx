import { t } from 'i18next';
import { type Message } from '@academy/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteMessageDialogProps {
  message: Message | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (message: Message) => void;
  /** After the closing animation: the place to open an alert (see messages-tab). */
  onExited: () => void;
}

/** The confirmation before a message is deleted for every student. */
export function DeleteMessageDialog({ message, pending, onCancel, onConfirm, onExited }: DeleteMessageDialogProps) {
  return (
    <Dialog open={Boolean(message)} onClose={onCancel} aria-labelledby="delete-message-title" slotProps={{ transition: { onExited } }}>
      <DialogTitle id="delete-message-title">{t('messages.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 1, fontStyle: 'italic' }}>
          {message && message.message.length > 160 ? `${message.message.slice(0, 160)}…` : message?.message}
        </DialogContentText>
        <DialogContentText>{t('messages.deleteText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('messages.cancel')}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={() => message && onConfirm(message)}>
          {t('messages.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
