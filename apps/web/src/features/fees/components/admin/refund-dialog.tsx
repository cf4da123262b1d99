import { t } from 'i18next';
import { FEE_LIMITS, receiptNumberLabel, REFUND_WAYS, type Payment, type RefundWay } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { alerts } from '../../../../lib/alerts';
import { ApiError } from '../../../../lib/api-client';
import { failureText } from '../../../../lib/failure-alerts';
import { useRefundPaymentMutation } from '../../api/refund-payment';
import { refundWayLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { monthLabel } from '../../lib/months';

interface RefundDialogProps {
  payment: Payment;
  onClose: () => void;
}

/**
 * Records money the academy gave back (through PayHere's merchant portal, the bank or cash) for some
 * or all of a payment's months: the amount is those months', and they close for the student.
 */
export function RefundDialog({ payment, onClose }: RefundDialogProps) {
  const stillPaid = payment.months.filter((month) => month.state === 'paid');
  const [months, setMonths] = useState<ReadonlySet<string>>(() => new Set(stillPaid.map((month) => month.month)));
  const [way, setWay] = useState<RefundWay>(payment.method);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const mutation = useRefundPaymentMutation();
  const wayId = useId();
  const receipt = receiptNumberLabel(payment.receiptNo);
  const totalCents = stillPaid.filter((month) => months.has(month.month)).reduce((sum, month) => sum + month.amountCents, 0);

  const toggle = (month: string, on: boolean) =>
    setMonths((current) => {
      const next = new Set(current);
      if (on) next.add(month);
      else next.delete(month);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const gaps = new Set<string>();
    if (months.size === 0) gaps.add('months');
    if (!reason.trim()) gaps.add('reason');
    setMissing(gaps);
    if (gaps.size > 0) return;
    mutation.mutate(
      { paymentId: payment.id, body: { months: [...months].sort(), way, reason: reason.trim() } },
      {
        onSuccess: () => {
          onClose();
          void alerts.success({ title: t('fees.refundRecorded'), toast: true });
        },
      },
    );
  };
  const refusal = mutation.error instanceof ApiError ? mutation.error : null;
  const fieldError = (field: string): string | undefined => (missing.has(field) ? t('feesAdmin.required') : refusal?.fieldMessage(field));

  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="refund-title">{t('feesAdmin.refundTitle', { receipt })}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            {payment.student.name} · {payment.className} · {formatMoney(payment.amountCents)}
          </DialogContentText>
          <FormControl component="fieldset" error={Boolean(fieldError('months'))}>
            <FormLabel component="legend">{t('feesAdmin.refundMonths')}</FormLabel>
            <FormGroup>
              {payment.months.map((month) => (
                <FormControlLabel
                  key={month.month}
                  control={<Checkbox checked={months.has(month.month)} onChange={(event) => toggle(month.month, event.target.checked)} disabled={month.state !== 'paid'} />}
                  label={
                    month.state === 'paid'
                      ? `${monthLabel(month.month)} · ${formatMoney(month.amountCents)}`
                      : `${monthLabel(month.month)} · ${month.state === 'refunded' ? t('feesAdmin.paymentRefunded') : t('feesAdmin.paymentChargedBack')}`
                  }
                />
              ))}
            </FormGroup>
            {fieldError('months') && <FormHelperText>{fieldError('months')}</FormHelperText>}
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend" id={wayId}>
              {t('feesAdmin.refundWay')}
            </FormLabel>
            <RadioGroup aria-labelledby={wayId} value={way} onChange={(event) => setWay(event.target.value as RefundWay)}>
              {REFUND_WAYS.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={refundWayLabel(value)} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={t('fees.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(fieldError('reason'))}
            helperText={fieldError('reason')}
            slotProps={{ htmlInput: { maxLength: FEE_LIMITS.reasonMax } }}
            multiline
            minRows={2}
            fullWidth
          />
          <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography sx={{ fontWeight: 700 }}>{t('feesAdmin.refundTotal', { amount: formatMoney(totalCents) })}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('feesAdmin.refundHint')}
            </Typography>
          </Box>
          {mutation.error && !fieldError('months') && !fieldError('reason') && <Alert severity="error">{failureText(mutation.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {t('fees.refund')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
