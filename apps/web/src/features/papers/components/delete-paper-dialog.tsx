import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router';
import { translateServerMessage } from '../../../i18n/server-text';
import { alerts } from '../../../lib/alerts';
import { failureText } from '../../../lib/failure-alerts';
import { useDeletePaperMutation } from '../api/delete-paper';

interface DeletePaperDialogProps {
  paperId: string;
  title: string;
  onClose: () => void;
}

/** Deleting cannot be undone, so it is confirmed; the server keeps a paper someone has started. */
export function DeletePaperDialog({ paperId, title, onClose }: DeletePaperDialogProps) {
  const navigate = useNavigate();
  const deletion = useDeletePaperMutation();
  const confirm = () =>
    deletion.mutate(paperId, {
      onSuccess: ({ message }) => {
        void alerts.success({ title: translateServerMessage(message), toast: true });
        navigate('/home');
      },
    });

  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-paper-title">
      <DialogTitle id="delete-paper-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('papersEditor.deleteTitle', { title })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('papersEditor.deleteText')}</DialogContentText>
        {deletion.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failureText(deletion.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        <Button color="error" variant="contained" disabled={deletion.isPending} onClick={confirm}>
          {t('general.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
