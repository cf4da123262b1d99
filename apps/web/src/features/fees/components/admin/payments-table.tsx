import { t } from 'i18next';
import { PAYMENT_METHODS, receiptNumberLabel, STUDENT_PAGE_SIZES, type Payment, type PaymentMethod } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AddIcon } from '../../../../components/icons/add';
import { ListPagination } from '../../../../components/list-pagination';
import { failureText } from '../../../../lib/failure-alerts';
import { useOverviewQuery } from '../../api/get-overview';
import { usePaymentsQuery } from '../../api/get-payments';
import { methodLabel, paymentStateLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { dayLabel, monthLabel } from '../../lib/months';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';
import { FeesTable } from './fees-table';

const COLUMNS = [
  'feesAdmin.columnReceipt',
  'feesAdmin.columnStudent',
  'feesAdmin.columnClass',
  'feesAdmin.columnMethod',
  'feesAdmin.columnAmount',
  'feesAdmin.columnState',
  'feesAdmin.columnActions',
] as const;


interface PaymentFilters {
  folderId: string;
  month: string;
  method: PaymentMethod | '';
  from: string;
  to: string;
}

const NO_FILTERS: PaymentFilters = { folderId: '', month: '', method: '', from: '', to: '' };

/** A payment's method with what identifies the money: the bank and reference, or PayHere's payment id. */
function methodLine(payment: Payment): string {
  const detail = [payment.bank, payment.reference ?? payment.payherePaymentId].filter(Boolean).join(' · ');
  return detail ? `${methodLabel(payment.method)} · ${detail}` : methodLabel(payment.method);
}

/** Whether anything of the payment can still be refunded: a month still paid, and no chargeback. */
export function refundable(payment: Payment): boolean {
  return payment.state !== 'charged-back' && payment.months.some((month) => month.state === 'paid');
}

export function PaymentRow({ payment, onRefund }: { payment: Payment; onRefund: () => void }) {
  const receipt = receiptNumberLabel(payment.receiptNo);
  return (
    <TableRow hover>
      <TableCell data-label={t('feesAdmin.columnReceipt')} sx={{ whiteSpace: { md: 'nowrap' } }}>
        <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(payment.id)}`} aria-label={t('feesAdmin.openReceipt', { receipt })}>
          {receipt}
        </Link>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {dayLabel(payment.receivedOn)}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnStudent')} sx={{ minWidth: { md: 160 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          {payment.student.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {payment.student.regNo}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnClass')} sx={{ overflowWrap: 'break-word', minWidth: { md: 140 } }}>
        {payment.className}
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {payment.months.map((month) => monthLabel(month.month)).join(', ')}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnMethod')} sx={{ overflowWrap: 'break-word' }}>
        {methodLine(payment)}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnAmount')} sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(payment.amountCents)}
        {payment.refundedCents > 0 && (
          <Typography variant="caption" sx={{ display: 'block', color: 'error.main' }}>
            {t('feesAdmin.refundedAmount', { amount: formatMoney(payment.refundedCents) })}
          </Typography>
        )}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnState')}>{paymentStateLabel(payment.state)}</TableCell>
      <TableCell className="payment-actions">
        <Button size="small" variant="outlined" color="error" sx={{ whiteSpace: 'nowrap' }} onClick={onRefund} disabled={!refundable(payment)} aria-label={t('feesAdmin.refundReceipt', { receipt })}>
          {t('fees.refund')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The Payments tab: every payment, newest first, filtered by class, month, method and days; Refund; Record payment. */
export function PaymentsTable() {
  const [filters, setFilters] = useState<PaymentFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(STUDENT_PAGE_SIZES[1]);
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const classes = useOverviewQuery().data?.classes ?? [];
  const query = usePaymentsQuery({
    folderId: filters.folderId || undefined,
    month: filters.month || undefined,
    method: filters.method || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: page + 1,
    pageSize,
  });
  const payments = query.data?.data ?? [];
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };
  const field = { size: 'small', sx: { flex: { xs: '1 1 100%', sm: '1 1 40%', md: '0 0 auto' }, minWidth: 160 } } as const;
  const dateField = { ...field, slotProps: { inputLabel: { shrink: true } } } as const;
  // An empty choice shows its words ('Every class'), not the label lying in the box.
  const selectField = { ...field, select: true, slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } } } as const;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField {...selectField} label={t('feesAdmin.columnClass')} value={filters.folderId} onChange={(event) => set('folderId', event.target.value)}>
          <MenuItem value="">{t('feesAdmin.anyClass')}</MenuItem>
          {classes.map((entry) => (
            <MenuItem key={entry.classFolderId} value={entry.classFolderId}>
              {entry.className}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...dateField} type="month" label={t('fees.month')} value={filters.month} onChange={(event) => set('month', event.target.value)} />
        <TextField {...selectField} label={t('feesAdmin.columnMethod')} value={filters.method} onChange={(event) => set('method', event.target.value as PaymentMethod | '')}>
          <MenuItem value="">{t('feesAdmin.anyMethod')}</MenuItem>
          {PAYMENT_METHODS.map((method) => (
            <MenuItem key={method} value={method}>
              {methodLabel(method)}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...dateField} type="date" label={t('feesAdmin.from')} value={filters.from} onChange={(event) => set('from', event.target.value)} />
        <TextField {...dateField} type="date" label={t('feesAdmin.to')} value={filters.to} onChange={(event) => set('to', event.target.value)} />
        {JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) && (
          <Button size="small" onClick={() => setFilters(NO_FILTERS)}>
            {t('feesAdmin.clearFilters')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRecording(true)}>
          {t('fees.recordPayment')}
        </Button>
      </Box>
      {query.error && <Alert severity="error">{failureText(query.error)}</Alert>}
      <FeesTable
        label={t('fees.tabPayments')}
        headings={COLUMNS.map((column) => t(column))}
        cardTitle=".payment-actions"
        fetching={query.isFetching}
        emptyText={query.data && payments.length === 0 ? t('feesAdmin.noPayments') : null}
        footer={<ListPagination count={query.data?.paging.total ?? 0} page={page} pageSize={pageSize} pageSizes={STUDENT_PAGE_SIZES} onPage={setPage} onPageSize={setPageSize} />}
      >
        {payments.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} onRefund={() => setRefunding(payment)} />
        ))}
      </FeesTable>
      {recording && <RecordPaymentDialog onClose={() => setRecording(false)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </Box>
  );
}
