import { t } from 'i18next';
import { feeRefusalSchema } from '@academy/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LockOutlinedIcon as LockOutlined } from '../../../components/icons/lock-outlined';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../lib/money';
import { monthLabel, shortDayLabel } from '../lib/months';
import { PayActions } from './pay-actions';

/**
 * A link straight to a month folder not paid yet (fees.md 'What a refused student sees'): the
 * server's 403 names the class, month, amount and due day, so the screen says what to pay and
 * offers Pay and Bank slip, where the files would be.
 */
export function MonthLockPanel({ error }: { error: Error }) {
  const parsed = error instanceof ApiError ? feeRefusalSchema.safeParse(error.body) : null;
  const locked = parsed?.success ? parsed.data.feeLocked : undefined;
  if (!locked) return null;
  const month = monthLabel(locked.month);
  const amount = formatMoney(locked.amountCents);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }} data-testid="month-lock-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LockOutlined sx={{ fontSize: 40, color: 'warning.dark' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {locked.className}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {error.message}
          </Typography>
        </Box>
      </Box>
      <Typography>{t('fees.lockPanelText', { month, amount, day: shortDayLabel(locked.dueOn) })}</Typography>
      <PayActions target={{ folderId: locked.classFolderId, className: locked.className, month: locked.month, amountCents: locked.amountCents }} classFolderId={locked.classFolderId} />
    </Paper>
  );
}
