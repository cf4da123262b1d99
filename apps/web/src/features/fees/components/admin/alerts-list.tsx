import { t } from 'i18next';
import { FEE_LIMITS, receiptNumberLabel, type FeeAlert } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../../i18n/format';
import { alerts } from '../../../../lib/alerts';
import { failureText } from '../../../../lib/failure-alerts';
import { useAlertsQuery } from '../../api/get-alerts';
import { useResolveAlertMutation } from '../../api/resolve-alert';
import { alertKindLabel } from '../../lib/admin-labels';
import { alertFacts } from '../../lib/alert-detail';
import { formatMoney } from '../../lib/money';
import { monthLabel } from '../../lib/months';
import { ToneChip } from './tone-chip';

const KIND_TEXT = {
  chargeback: 'feesAdmin.alertChargebackText',
  'amount-mismatch': 'feesAdmin.alertAmountMismatchText',
  'paid-twice': 'feesAdmin.alertPaidTwiceText',
  'duplicate-slip': 'feesAdmin.alertDuplicateSlipText',
} as const;

function ResolveDialog({ alert, onClose }: { alert: FeeAlert; onClose: () => void }) {
  const [note, setNote] = useState('');
  const mutation = useResolveAlertMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { alertId: alert.id, note: note.trim() },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.alertResolved'), toast: true });
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="resolve-alert-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="resolve-alert-title">{t('fees.markHandled')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{alertKindLabel(alert.kind)}{alert.student ? ` · ${alert.student.name}` : ''}</DialogContentText>
          <TextField
            label={t('feesAdmin.handledNote')}
            helperText={t('feesAdmin.handledNoteHint')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: FEE_LIMITS.noteMax } }}
            multiline
            minRows={2}
            autoFocus
            fullWidth
          />
          {mutation.error && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('fees.markHandled')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function AlertItem({ alert, onResolve }: { alert: FeeAlert; onResolve: () => void }) {
  const facts = alertFacts(alert.detail);
  const handled = alert.resolvedAt !== null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, listStyle: 'none', opacity: handled ? 0.85 : 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToneChip tone={alert.kind === 'chargeback' || alert.kind === 'amount-mismatch' ? 'owe' : 'wait'} strong label={alertKindLabel(alert.kind)} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatDateTime(alert.createdAt)}
        </Typography>
        {alert.student && (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {alert.student.name} ({alert.student.regNo})
          </Typography>
        )}
      </Box>
      <Typography variant="body2">{t(KIND_TEXT[alert.kind])}</Typography>
      {(facts.months.length > 0 || facts.receiptNo !== null || facts.amountCents !== null || alert.paymentId) && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[
            facts.months.map((month) => monthLabel(month)).join(', '),
            facts.amountCents !== null ? formatMoney(facts.amountCents) : '',
            facts.receiptNo !== null && !alert.paymentId ? `${t('fees.receiptNo')} ${receiptNumberLabel(facts.receiptNo)}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
          {alert.paymentId && (
            <>
              {' · '}
              <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(alert.paymentId)}`}>
                {facts.receiptNo !== null ? `${t('fees.receiptNo')} ${receiptNumberLabel(facts.receiptNo)}` : t('fees.receipt')}
              </Link>
            </>
          )}
        </Typography>
      )}
      {handled ? (
        <Typography variant="body2" sx={{ color: 'success.dark' }}>
          {t('feesAdmin.handledBy', { name: alert.resolvedBy?.name ?? '–', time: formatDateTime(alert.resolvedAt ?? '') })}
          {alert.note ? `: ${alert.note}` : ''}
        </Typography>
      ) : (
        <Box>
          <Button size="small" variant="outlined" onClick={onResolve}>
            {t('fees.markHandled')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** The Needs attention tab: chargebacks, amounts that did not match, payments made twice, copied slips, each marked handled with a note. */
export function AlertsList() {
  const [showHandled, setShowHandled] = useState(false);
  const [resolving, setResolving] = useState<FeeAlert | null>(null);
  const query = useAlertsQuery(!showHandled);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('feesAdmin.alertsHint')}
        </Typography>
        <FormControlLabel control={<Switch checked={showHandled} onChange={(event) => setShowHandled(event.target.checked)} />} label={t('feesAdmin.showHandled')} />
      </Box>
      {query.error ? (
        <Alert severity="error">{failureText(query.error)}</Alert>
      ) : !query.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : query.data.length === 0 ? (
        <Alert severity="success">{t('feesAdmin.noAlerts')}</Alert>
      ) : (
        <Box component="ul" aria-label={t('fees.tabAlerts')} sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {query.data.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onResolve={() => setResolving(alert)} />
          ))}
        </Box>
      )}
      {resolving && <ResolveDialog alert={resolving} onClose={() => setResolving(null)} />}
    </Box>
  );
}
