import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRef, useState } from 'react';
import { PublicIcon } from '../../../components/icons/public';
import { alerts } from '../../../lib/alerts';
import { failureText } from '../../../lib/failure-alerts';
import { useReleaseResultsMutation } from '../api/release-results';

/**
 * 'Release results', after a confirmation: students then see their marks, ranks and review at once.
 * The server refuses (409) while the paper is open or an attempt is not handed in; its sentence is
 * shown in the dialog, where the tutor is looking. Once released the button goes, but the dialog
 * stays mounted to finish closing and say so.
 */
export function ReleaseButton({ paperId, released }: { paperId: string; released: boolean }) {
  const [open, setOpen] = useState(false);
  const mutation = useReleaseResultsMutation(paperId);
  // An alert opened while the dialog still closes would leave the page hidden from screen readers.
  const afterClose = useRef<(() => void) | null>(null);

  const close = () => {
    setOpen(false);
    mutation.reset();
  };
  const release = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        afterClose.current = () => void alerts.success({ title: t('papers.resultsReleased'), toast: true });
        setOpen(false);
      },
    });

  return (
    <>
      {!released && (
        <Button variant="contained" color="secondary" startIcon={<PublicIcon />} onClick={() => setOpen(true)}>
          {t('papers.releaseResults')}
        </Button>
      )}
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="release-title"
        slotProps={{
          transition: {
            onExited: () => {
              afterClose.current?.();
              afterClose.current = null;
            },
          },
        }}
      >
        <DialogTitle id="release-title">{t('papersResults.releaseTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('papersResults.releaseText')}</DialogContentText>
          {mutation.error && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('general.cancel')}</Button>
          <Button variant="contained" color="secondary" onClick={release} disabled={mutation.isPending}>
            {t('papers.releaseResults')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
