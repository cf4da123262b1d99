import { t } from 'i18next';
import { type DriveItem } from '@academy/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { LockOutlinedIcon as LockOutlined } from '../../../components/icons/lock-outlined';
import type { Crumb } from '../../class-material/hooks/use-drive-trail';
import { feeStateLine, payable, standingOfItem } from '../lib/fee-states';
import { monthLabel } from '../lib/months';
import { PayActions } from './pay-actions';

interface MonthCardProps {
  item: DriveItem;
  /** The class the month folder is in. */
  classFolder: Crumb | null;
}

/**
 * The drive's gate on a month folder the student has not paid (fees.md 'What a student sees'): a
 * lock, the month, its amount and due day, Pay and Bank slip; or what is pending on it. It takes
 * the place of the card's Open button, so the folder is not opened from here.
 */
export function MonthLockCard({ item, classFolder }: MonthCardProps) {
  if (!item.fee) return null;
  const standing = standingOfItem(item.fee);
  const month = monthLabel(item.fee.month);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 'auto' }} data-testid="month-lock">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockOutlined sx={{ color: 'warning.dark' }} titleAccess={t('fees.lockedMonth', { month })} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{month}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="month-state">
            {feeStateLine(standing)}
          </Typography>
        </Box>
      </Box>
      {payable(standing) && (
        <PayActions
          target={{ folderId: item.id, className: classFolder?.name ?? '', month: item.fee.month, amountCents: item.fee.amountCents ?? 0 }}
          classFolderId={classFolder?.id ?? null}
        />
      )}
    </Box>
  );
}

/**
 * A month folder's mark on its card when it opens: the month for admins (fees.md: the chip
 * "November 2026"); for a student the month's state, and in grace Pay and Bank slip, since it
 * closes at the grace end unless this month is paid.
 */
export function MonthFeeLine({ item, classFolder }: MonthCardProps) {
  if (!item.fee) return null;
  const month = monthLabel(item.fee.month);
  if (item.fee.state === undefined) return <Chip label={month} size="small" color="secondary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />;
  if (item.fee.state === 'locked') return null;
  const standing = standingOfItem(item.fee);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" sx={{ color: item.fee.state === 'grace' ? 'warning.dark' : 'success.dark', fontWeight: 600 }} data-testid="month-state">
        {feeStateLine(standing)}
      </Typography>
      {payable(standing) && (
        <PayActions
          size="small"
          target={{ folderId: item.id, className: classFolder?.name ?? '', month: item.fee.month, amountCents: item.fee.amountCents ?? 0 }}
          classFolderId={classFolder?.id ?? null}
        />
      )}
    </Box>
  );
}
