import { t } from 'i18next';
import { isAdmin, receiptNumberLabel, type MyFees, type Slip, type StudentClassFees } from '@academy/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../i18n/format';
import { readSession } from '../../../lib/session';
import { useMyFeesQuery } from '../api/get-my-fees';
import { methodLabel } from '../lib/admin-labels';
import { formatMoney } from '../lib/money';
import { monthLabel } from '../lib/months';
import { MonthGrid } from './month-grid';

function freeCardLine(fees: StudentClassFees): string | null {
  const card = fees.freeCard;
  if (!card) return null;
  const range = card.untilMonth
    ? t('fees.rangeFromTo', { from: monthLabel(card.fromMonth), until: monthLabel(card.untilMonth) })
    : t('fees.rangeFrom', { from: monthLabel(card.fromMonth) });
  return card.kind === 'full' ? t('fees.freeCardFullLine', { range }) : t('fees.freeCardHalfLine', { range });
}

function ClassFees({ fees }: { fees: StudentClassFees }) {
  const card = freeCardLine(fees);
  return (
    <Box component="section" aria-label={fees.className} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {fees.className}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('fees.classFeeLine', { amount: formatMoney(fees.monthlyFee * 100), day: fees.dueDay })}
      </Typography>
      {card && (
        <Typography variant="body2" sx={{ color: 'secondary.main', fontWeight: 600 }}>
          {card}
        </Typography>
      )}
      <MonthGrid fees={fees} />
    </Box>
  );
}

function slipState(slip: Slip): string {
  if (slip.state === 'approved') return slip.receiptNo === null ? t('fees.slipApprovedLine') : `${t('fees.slipApprovedLine')} · ${t('fees.receiptLink', { number: receiptNumberLabel(slip.receiptNo) })}`;
  if (slip.state === 'rejected') return t('fees.slipRejectedLine', { reason: slip.reason ?? '' });
  return t('fees.slipUnderReview');
}

function Payments({ payments }: Pick<MyFees, 'payments'>) {
  return (
    <Box component="section" aria-labelledby="my-payments">
      <Typography id="my-payments" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('fees.paymentsTitle')}
      </Typography>
      {payments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fees.noPayments')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {payments.map((payment) => (
            <ListItem key={payment.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(payment.id)}`}>
                    {t('fees.receiptLink', { number: receiptNumberLabel(payment.receiptNo) })}
                  </Link>
                }
                secondary={[
                  payment.className,
                  payment.months.map((month) => monthLabel(month.month)).join(', '),
                  formatDate(payment.receivedAt),
                  methodLabel(payment.method),
                  formatMoney(payment.amountCents),
                ].join(' · ')}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function Slips({ slips }: Pick<MyFees, 'slips'>) {
  return (
    <Box component="section" aria-labelledby="my-slips">
      <Typography id="my-slips" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t('fees.slipsTitle')}
      </Typography>
      {slips.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fees.noSlips')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {slips.map((slip) => (
            <ListItem key={slip.id} disableGutters divider>
              <ListItemText
                primary={`${slip.className} · ${slip.months.map((month) => monthLabel(month)).join(', ')}`}
                secondary={
                  <>
                    {t('fees.slipLine', { bank: slip.bank, reference: slip.reference, amount: formatMoney(slip.amountCents), date: formatDate(slip.createdAt) })}
                    <Box component="span" sx={{ display: 'block', fontWeight: 600, color: slip.state === 'rejected' ? 'error.dark' : slip.state === 'approved' ? 'success.dark' : 'warning.dark' }}>
                      {slipState(slip)}
                    </Box>
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** The student's fees: per class the months with their state and Pay, their payments with receipts, their slips. */
export function MyFeesContent() {
  const query = useMyFeesQuery();
  if (query.error) {
    return (
      <Typography color="error" role="alert">
        {t('fees.loadFailed')}
      </Typography>
    );
  }
  if (!query.data) return <Skeleton variant="rounded" height={160} />;
  const { classes, payments, slips } = query.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {classes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('fees.myFeesEmpty')}</Typography>
      ) : (
        classes.map((fees) => <ClassFees key={fees.classFolderId} fees={fees} />)
      )}
      <Payments payments={payments} />
      <Slips slips={slips} />
    </Box>
  );
}

/** Profile → Fees and receipts (fees.md 'What a student sees'); admins pay no fees, so it is not theirs. */
export function MyFeesSection() {
  if (isAdmin(readSession()?.accountType)) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-fees-title" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography id="my-fees-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main', mb: 2 }}>
        {t('fees.myFeesTitle')}
      </Typography>
      <MyFeesContent />
    </Paper>
  );
}
