import { t } from 'i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteBannersDialogProps {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** After the closing animation: the place to open an alert, which must not meet the dialog's focus trap. */
  onExited: () => void;
}

/** The confirmation before 'Delete All Banners': the campaign cannot be brought back. */
export function DeleteBannersDialog({ open, pending, onCancel, onConfirm, onExited }: DeleteBannersDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="delete-banners-title" slotProps={{ transition: { onExited } }}>
      <DialogTitle id="delete-banners-title">{t('banners.deleteConfirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('banners.deleteConfirmText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('banners.cancel')}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onConfirm}>
          {t('banners.deleteAll')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
