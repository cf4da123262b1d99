import { t } from 'i18next';
import { MERIT_TOP_MAX, type Paper } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import { formatDateTime } from '../../../i18n/format';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { usePublishMeritListMutation } from '../api/publish-merit-list';

interface MeritListDialogProps {
  paper: Pick<Paper, 'id' | 'batch' | 'meritTop' | 'meritPostedAt'>;
  onClose: () => void;
}

/**
 * 'Publish merit list': an announcement to the paper's batch with the top N. Each press posts a new
 * one, so the dialog says when one was posted before; once posted it shows the announcement's text.
 */
export function MeritListDialog({ paper, onClose }: MeritListDialogProps) {
  const mutation = usePublishMeritListMutation(paper.id);
  const [value, setValue] = useState(String(paper.meritTop));
  const [invalid, setInvalid] = useState(false);
  const posted = mutation.data?.data.text;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const top = Number(value);
    const wrong = !Number.isInteger(top) || top < 1 || top > MERIT_TOP_MAX;
    setInvalid(wrong);
    if (!wrong) mutation.mutate({ top });
  };
  const fieldError = invalid
    ? t('papersResults.meritTopRange', { max: MERIT_TOP_MAX })
    : mutation.error instanceof ApiError
      ? mutation.error.fieldMessage('top')
      : undefined;
  const audience = paper.batch ? t('papersResults.meritAudienceBatch', { batch: paper.batch }) : t('papersResults.meritAudienceAll');

  return (
    <Dialog open onClose={onClose} aria-labelledby="merit-list-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="merit-list-title">{t('papers.publishMeritList')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {posted ? (
            <>
              <Alert severity="success">{t('papers.meritListPosted')}</Alert>
              <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {posted}
                </Typography>
              </Box>
              <DialogContentText>{t('papersResults.meritListEditHint')}</DialogContentText>
            </>
          ) : (
            <>
              <DialogContentText>{t('papersResults.meritListText', { audience })}</DialogContentText>
              {paper.meritPostedAt && (
                <Alert severity="info">{t('papersResults.meritPostedBefore', { time: formatDateTime(paper.meritPostedAt) })}</Alert>
              )}
              <OutlinedField
                label={t('papersResults.meritTop')}
                type="number"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                inputProps={{ min: 1, max: MERIT_TOP_MAX, step: 1, inputMode: 'numeric' }}
                error={Boolean(fieldError)}
                helperText={fieldError}
                fullWidth
              />
              {mutation.error && !fieldError && <Alert severity="error">{failureText(mutation.error)}</Alert>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {posted ? (
            <Button variant="contained" onClick={onClose}>
              {t('general.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('general.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={mutation.isPending}>
                {t('papersResults.publish')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
