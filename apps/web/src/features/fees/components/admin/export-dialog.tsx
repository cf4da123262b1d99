import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { DownloadIcon } from '../../../../components/icons/download';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { useExportPaymentsMutation } from '../../api/export-payments';
import { sriLankaDay, sriLankaMonth } from '../../lib/months';

/** The days of the CSV, Sri Lanka days both included: this month so far unless the admin says otherwise. */
function ExportDialog({ onClose }: { onClose: () => void }) {
  const today = sriLankaDay();
  const [from, setFrom] = useState(`${sriLankaMonth()}-01`);
  const [to, setTo] = useState(today);
  const mutation = useExportPaymentsMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return;
    mutation.mutate({ from, to }, { onSuccess: onClose });
  };
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby="fees-export-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="fees-export-title">{t('feesAdmin.exportTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('feesAdmin.exportAudited')}</DialogContentText>
          <TextField
            type="date"
            label={t('feesAdmin.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(refusal?.fieldMessage('from'))}
            helperText={refusal?.fieldMessage('from')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || today } }}
            fullWidth
          />
          <TextField
            type="date"
            label={t('feesAdmin.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(refusal?.fieldMessage('to'))}
            helperText={refusal?.fieldMessage('to')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            fullWidth
          />
          {mutation.error && !refusal?.fieldMessage('from') && !refusal?.fieldMessage('to') && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" startIcon={<DownloadIcon />} disabled={mutation.isPending || !from || !to}>
            {t('feesAdmin.downloadCsv')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The Export tab: what the accountant's CSV holds, and the dialog that downloads it for a range of days. */
export function ExportPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('feesAdmin.exportTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('feesAdmin.exportHint')}
        </Typography>
      </Box>
      <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => setOpen(true)}>
        {t('feesAdmin.exportButton')}
      </Button>
      {open && <ExportDialog onClose={() => setOpen(false)} />}
    </Paper>
  );
}
