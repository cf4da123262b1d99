import { t } from 'i18next';
import { FEE_LIMITS, SLIP_STATES, STUDENT_PAGE_SIZES, type Slip, type SlipState } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SearchIcon } from '../../../../components/icons/search';
import { ListPagination } from '../../../../components/list-pagination';
import { formatDate } from '../../../../i18n/format';
import { failureText } from '../../../../lib/failure-alerts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useSlipsQuery } from '../../api/get-slips';
import { slipStateLabel } from '../../lib/admin-labels';
import { formatMoney } from '../../lib/money';
import { monthLabel } from '../../lib/months';
import { SlipReviewDialog } from './slip-review-dialog';
import { ToneChip } from './tone-chip';
import { FeesTable } from './fees-table';

const COLUMNS = [
  'feesAdmin.columnUploaded',
  'feesAdmin.columnStudent',
  'feesAdmin.columnClass',
  'feesAdmin.columnTransfer',
  'feesAdmin.columnTyped',
  'feesAdmin.columnState',
  'feesAdmin.columnActions',
] as const;


function SlipRow({ slip, onReview }: { slip: Slip; onReview: () => void }) {
  const differs = slip.amountCents !== slip.dueCents;
  return (
    <TableRow hover>
      <TableCell data-label={t('feesAdmin.columnUploaded')} sx={{ whiteSpace: { md: 'nowrap' } }}>
        {formatDate(slip.createdAt)}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnStudent')} sx={{ minWidth: { md: 160 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          {slip.student.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {slip.student.regNo}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnClass')} sx={{ overflowWrap: 'break-word', minWidth: { md: 140 } }}>
        {slip.className}
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {slip.months.map((month) => monthLabel(month)).join(', ')}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnTransfer')} sx={{ overflowWrap: 'break-word' }}>
        {slip.bank} · {slip.reference}
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnTyped')} sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ color: differs ? 'error.main' : undefined, fontWeight: differs ? 700 : undefined }}>
          {formatMoney(slip.amountCents)}
        </Box>
        {/* What the months cost beside it, so a wrong amount shows in the list already. */}
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {t('feesAdmin.dueAmount', { amount: formatMoney(slip.dueCents) })}
        </Typography>
      </TableCell>
      <TableCell data-label={t('feesAdmin.columnState')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <span>{slipStateLabel(slip.state)}</span>
          {slip.flags.length > 0 && <ToneChip tone="wait" label={t('feesAdmin.flagCount', { count: slip.flags.length })} />}
        </Box>
      </TableCell>
      <TableCell className="slip-actions">
        <Button size="small" variant={slip.state === 'pending' ? 'contained' : 'outlined'} sx={{ whiteSpace: 'nowrap' }} onClick={onReview} aria-label={t('feesAdmin.reviewSlipOf', { name: slip.student.name })}>
          {slip.state === 'pending' ? t('feesAdmin.review') : t('feesAdmin.view')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The Slips tab: the slips waiting for review, oldest first, then the decided ones, searchable. */
export function SlipsQueue() {
  const [state, setState] = useState<SlipState | ''>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(STUDENT_PAGE_SIZES[1]);
  const [reviewing, setReviewing] = useState<Slip | null>(null);
  const searched = useDebouncedValue(search.trim(), 300);
  const query = useSlipsQuery({ state: state || undefined, search: searched || undefined, page: page + 1, pageSize });
  const slips = query.data?.data ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('feesAdmin.show')}
          value={state}
          onChange={(event) => {
            setState(event.target.value as SlipState | '');
            setPage(0);
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {SLIP_STATES.map((value) => (
            <MenuItem key={value} value={value}>
              {slipStateLabel(value)}
            </MenuItem>
          ))}
          <MenuItem value="">{t('feesAdmin.everySlip')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('general.search')}
          placeholder={t('feesAdmin.searchSlips')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' } }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { maxLength: FEE_LIMITS.searchMax },
          }}
        />
      </Box>
      {query.error && <Alert severity="error">{failureText(query.error)}</Alert>}
      <FeesTable
        label={t('feesAdmin.slipsLabel')}
        headings={COLUMNS.map((column) => t(column))}
        cardTitle=".slip-actions"
        fetching={query.isFetching}
        emptyText={query.data && slips.length === 0 ? (state === 'pending' ? t('feesAdmin.noSlipsWaiting') : t('feesAdmin.noSlips')) : null}
        footer={<ListPagination count={query.data?.paging.total ?? 0} page={page} pageSize={pageSize} pageSizes={STUDENT_PAGE_SIZES} onPage={setPage} onPageSize={setPageSize} />}
      >
        {slips.map((slip) => (
          <SlipRow key={slip.id} slip={slip} onReview={() => setReviewing(slip)} />
        ))}
      </FeesTable>
      {reviewing && <SlipReviewDialog slip={reviewing} onClose={() => setReviewing(null)} />}
    </Box>
  );
}
