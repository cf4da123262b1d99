import { t } from 'i18next';
import { FOLDER_MIME_TYPE, type DriveItem } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface DeleteItemDialogProps {
  item: DriveItem | null;
  /** True when the item is a class: its access goes with it. */
  isClass: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: (item: DriveItem) => void;
  onClose: () => void;
}

/** A deletion cannot be undone from the screen, so it is confirmed first. */
export function DeleteItemDialog({ item, isClass, pending, error, onConfirm, onClose }: DeleteItemDialogProps) {
  const folder = item?.mimeType === FOLDER_MIME_TYPE;
  return (
    <Dialog open={Boolean(item)} onClose={onClose} aria-labelledby="delete-item-title">
      <DialogTitle id="delete-item-title">Delete {item?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {isClass
            ? t('classMaterial.deleteClassText')
            : folder
              ? t('classMaterial.deleteFolderText')
              : t('classMaterial.deleteFileText')}
        </DialogContentText>
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={() => item && onConfirm(item)}>
          {t('classMaterial.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
