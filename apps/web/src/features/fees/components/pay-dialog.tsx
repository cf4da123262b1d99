import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { failureText } from '../../../lib/failure-alerts';
import { useCreateOrderMutation } from '../api/create-order';
import { submitCheckout } from '../lib/checkout-form';
import { formatMoney } from '../lib/money';
import { monthLabel } from '../lib/months';

/** A month a student is about to pay: where (the class or any folder in it), what it is called, and what it costs them. */
export interface MonthToPay {
  folderId: string;
  className: string;
  month: string;
  amountCents: number;
}

interface PayDialogProps {
  target: MonthToPay | null;
  onClose: () => void;
}

/**
 * Pay (fees.md 'End to end', steps 1–4): the class, month and amount, then an order made by the
 * server and its checkout form posted to PayHere. The browser leaves the portal; PayHere brings
 * it back to the return page.
 */
export function PayDialog({ target, onClose }: PayDialogProps) {
  const order = useCreateOrderMutation();
  const titleId = useId();
  // Once the form is posted the page is leaving: the button stays disabled until it has gone.
  const leaving = order.isSuccess;
  const close = () => {
    if (order.isPending || leaving) return;
    order.reset();
    onClose();
  };
  const pay = () => {
    if (!target) return;
    order.mutate({ folderId: target.folderId, month: target.month }, { onSuccess: (made) => submitCheckout(made.checkout) });
  };
  const month = target ? monthLabel(target.month) : '';
  const amount = target ? formatMoney(target.amountCents) : '';

  return (
    <Dialog open={target !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('fees.payTitle', { month })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' } }}>
          <Typography component="dt" color="text.secondary">
            {t('fees.classLabel')}
          </Typography>
          <Typography component="dd">{target?.className}</Typography>
          <Typography component="dt" color="text.secondary">
            {t('fees.month')}
          </Typography>
          <Typography component="dd">{month}</Typography>
          <Typography component="dt" color="text.secondary">
            {t('fees.amount')}
          </Typography>
          <Typography component="dd">{amount}</Typography>
        </Box>
        <DialogContentText>{t('fees.payText', { amount })}</DialogContentText>
        <DialogContentText variant="body2">{t('fees.payNoAmount')}</DialogContentText>
        {order.error && (
          <Alert severity="error">
            {t('fees.payFailed')}: {failureText(order.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={order.isPending || leaving}>
          {t('general.cancel')}
        </Button>
        <Button variant="contained" onClick={pay} disabled={order.isPending || leaving}>
          {t('fees.goToPayhere')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
