import { t } from 'i18next';
import { receiptNumberLabel, type OrderStateView } from '@academy/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { LinkButton } from '../../../components/link-button';
import { ApiError } from '../../../lib/api-client';
import { classMaterialKeys } from '../../class-material/api/query-keys';
import { folderLink } from '../../class-material/lib/folder-link';
import { isFinalOrderState, ORDER_POLL_FOR_MS, useOrderQuery } from '../api/get-order';
import { feeKeys } from '../api/query-keys';
import { formatMoney } from '../lib/money';
import { monthLabel } from '../lib/months';

type Tone = 'waiting' | 'done' | 'stopped';

/** The sentence for the order's state (fees.md 'End to end', step 6), and whether to keep the spinner. */
function stateWords(order: OrderStateView, timedOut: boolean): { text: string; tone: Tone } {
  switch (order.state) {
    case 'paid':
      return {
        text: t('fees.paidText', { month: monthLabel(order.month), number: order.receipt ? receiptNumberLabel(order.receipt.receiptNo) : '' }),
        tone: 'done',
      };
    case 'canceled':
      return { text: t('fees.paymentCanceled'), tone: 'stopped' };
    case 'failed':
      return { text: t('fees.paymentFailed'), tone: 'stopped' };
    case 'charged-back':
      return { text: t('fees.bankReversed'), tone: 'stopped' };
    case 'pending':
      return { text: t('fees.payhereStillProcessing'), tone: timedOut ? 'stopped' : 'waiting' };
    default:
      return timedOut ? { text: t('fees.payhereNoWord'), tone: 'stopped' } : { text: t('fees.waitingForPayhere'), tone: 'waiting' };
  }
}

/** Becomes true `ms` after the page opened: the return page stops asking after 2 minutes. */
function useTimedOut(ms: number): { until: number; timedOut: boolean } {
  const [until] = useState(() => Date.now() + ms);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return { until, timedOut };
}

function OrderState({ order, timedOut }: { order: OrderStateView; timedOut: boolean }) {
  const { text, tone } = stateWords(order, timedOut);
  const month = monthLabel(order.month);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {order.className}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('fees.paymentTitle', { month })}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(order.amountCents)}</Typography>
      </Box>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {tone === 'waiting' && <CircularProgress size={24} aria-label={t('fees.checkingOrder')} />}
        <Typography sx={{ fontWeight: tone === 'done' ? 700 : 400, color: tone === 'done' ? 'success.dark' : 'text.primary' }} data-testid="order-state">
          {text}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {order.state === 'paid' && order.monthFolderId && (
          <LinkButton
            variant="contained"
            to={folderLink([
              { id: order.classFolderId, name: order.className },
              { id: order.monthFolderId, name: month },
            ])}
          >
            {t('fees.openMonthFolder', { month })}
          </LinkButton>
        )}
        {order.receipt && (
          <LinkButton variant="outlined" to={`/fees/receipts/${encodeURIComponent(order.receipt.paymentId)}`}>
            {t('fees.viewReceipt')}
          </LinkButton>
        )}
        <LinkButton variant={order.state === 'paid' ? 'text' : 'outlined'} to="/fees">
          {t('fees.yourFees')}
        </LinkButton>
      </Box>
    </Paper>
  );
}

/**
 * `/fees/orders/:orderId`, where PayHere sends the student back (through the server's return and
 * cancel routes). It shows the server's state of the order, never the return itself: asked every
 * 2 s for up to 2 minutes until PayHere's notification has paid, canceled or failed it.
 */
export function OrderReturnPage() {
  const { orderId = '' } = useParams();
  const { until, timedOut } = useTimedOut(ORDER_POLL_FOR_MS);
  const query = useOrderQuery(orderId, until);
  const queryClient = useQueryClient();
  const order = query.data;
  const final = order ? isFinalOrderState(order.state) : false;

  // Once settled, the student's months and the drive's month cards are read again.
  useEffect(() => {
    if (!final) return;
    void queryClient.invalidateQueries({ queryKey: feeKeys.mine });
    void queryClient.invalidateQueries({ queryKey: classMaterialKeys.folders() });
  }, [final, queryClient]);

  if (query.error && !order) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <CenteredMessage
        heading={gone ? t('fees.orderNotFound') : t('general.somethingWrongHeading')}
        text={gone ? t('fees.orderNotFoundText') : t('fees.loadFailed')}
        action={
          <LinkButton to="/fees" variant="contained">
            {t('fees.yourFees')}
          </LinkButton>
        }
      />
    );
  }
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      {order ? (
        <OrderState order={order} timedOut={timedOut} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('fees.checkingOrder')} />
        </Box>
      )}
    </Box>
  );
}
