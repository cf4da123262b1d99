import { t } from 'i18next';
import type { MonthCounts } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../../i18n/format';
import { formatMoney } from '../../lib/money';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box sx={{ minWidth: 0, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {detail && (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A class month's counts and amounts: paid, pending, free, half cards, exceptions, unpaid. The
 * amount under Unpaid is the server's `dueCents`: what the unpaid and the pending still owe.
 */
export function MonthFigures({ counts }: { counts: MonthCounts }) {
  return (
    <Box
      component="section"
      aria-label={t('feesAdmin.figuresLabel')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }, gap: 1.5 }}
    >
      <Figure label={t('fees.statePaid')} value={formatNumber(counts.paid)} detail={formatMoney(counts.paidCents)} />
      <Figure label={t('fees.statePending')} value={formatNumber(counts.pending)} />
      <Figure label={t('feesAdmin.freeCards')} value={formatNumber(counts.free)} />
      <Figure label={t('feesAdmin.halfCards')} value={formatNumber(counts.half)} />
      <Figure label={t('feesAdmin.exceptions')} value={formatNumber(counts.exception)} />
      <Figure label={t('fees.stateUnpaid')} value={formatNumber(counts.unpaid)} detail={t('feesAdmin.amountDue', { amount: formatMoney(counts.dueCents) })} />
    </Box>
  );
}
