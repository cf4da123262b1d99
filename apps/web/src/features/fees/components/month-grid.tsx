import { t } from 'i18next';
import { type StudentClassFees } from '@academy/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { folderLink } from '../../class-material/lib/folder-link';
import { feeStateLine, payable, standingOfMonth, type MonthStanding } from '../lib/fee-states';
import { monthLabel } from '../lib/months';
import { PayActions } from './pay-actions';

/** The colour a month's line is said in: open green, grace and pending amber, locked red. */
function toneOf(standing: MonthStanding): string {
  if (standing.access === 'open') return 'success.dark';
  if (standing.access === 'grace' || standing.pending) return 'warning.dark';
  return 'error.dark';
}

/**
 * One class's months of the class year (fees.md 'What a student sees': per class, the months with
 * their state and Pay), each with its receipt, its folder, or Pay and Bank slip.
 */
export function MonthGrid({ fees }: { fees: StudentClassFees }) {
  return (
    <Box
      component="ul"
      aria-label={t('fees.monthsOf', { name: fees.className })}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))' }}
    >
      {fees.months.map((month) => {
        const standing = standingOfMonth(month);
        const label = monthLabel(month.month);
        return (
          <Box
            component="li"
            key={month.month}
            aria-label={label}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
            <Typography variant="body2" sx={{ color: toneOf(standing), fontWeight: 600 }} data-testid="month-state">
              {month.state === 'paid' && month.paymentId && month.receiptNo !== undefined ? (
                <Link component={RouterLink} to={`/fees/receipts/${encodeURIComponent(month.paymentId)}`} color="inherit">
                  {feeStateLine(standing)}
                </Link>
              ) : (
                feeStateLine(standing)
              )}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 'auto' }}>
              {month.access !== 'locked' && month.monthFolderId && (
                <LinkButton
                  size="small"
                  variant="text"
                  to={folderLink([
                    { id: fees.classFolderId, name: fees.className },
                    { id: month.monthFolderId, name: label },
                  ])}
                  aria-label={t('fees.openMonth', { month: label })}
                >
                  {t('fees.openFolder')}
                </LinkButton>
              )}
              {payable(standing) && (
                <PayActions
                  size="small"
                  nameMonth
                  target={{ folderId: fees.classFolderId, className: fees.className, month: month.month, amountCents: month.amountCents }}
                  classFolderId={fees.classFolderId}
                />
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
