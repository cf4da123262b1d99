import { t } from 'i18next';
import type { FeesOverview, MonthCounts } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../../i18n/format';
import { failureText } from '../../../../lib/failure-alerts';
import { useOverviewQuery } from '../../api/get-overview';
import { monthLabel } from '../../lib/months';
import { shareTone, type ShareTone } from '../../lib/paid-share';

/** Light backgrounds that keep the cell's dark text readable (WCAG 1.4.3), from settled to owing. */
const TONE_BACKGROUND: Record<ShareTone, string> = {
  all: '#c8e6c9',
  most: '#e8f5e9',
  some: '#fff3e0',
  low: '#ffebee',
  none: 'transparent',
};

/** Read by screen readers only. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Every fee month of every class, as the grid's columns, oldest first. */
function allMonths(overview: FeesOverview): string[] {
  return [...new Set(overview.classes.flatMap((row) => row.months.map((cell) => cell.month)))].sort();
}

function MonthCell({ folderId, className, counts }: { folderId: string; className: string; counts: MonthCounts }) {
  const paid = t('feesAdmin.paidOfStudents', { paid: formatNumber(counts.paid), students: formatNumber(counts.students) });
  return (
    <TableCell sx={{ p: 0.5, minWidth: 120 }}>
      <Link
        component={RouterLink}
        to={`/fees/classes/${encodeURIComponent(folderId)}/${counts.month}`}
        underline="hover"
        color="inherit"
        sx={{ position: 'relative', display: 'block', px: 1.5, py: 1, borderRadius: 1.5, bgcolor: TONE_BACKGROUND[shareTone(counts)], border: 1, borderColor: 'divider' }}
      >
        {/* The link says which class and month it opens; the grid's headers say it to the eye. */}
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {`${className}, ${monthLabel(counts.month)}: `}
        </Box>
        <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700, whiteSpace: 'nowrap' }}>
          {paid}
        </Typography>
        {counts.pending > 0 && (
          <Typography component="span" variant="caption" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {t('feesAdmin.pendingCount', { count: counts.pending })}
          </Typography>
        )}
      </Link>
    </TableCell>
  );
}

/** The Overview tab: a row per class with fees, a column per fee month; a cell opens that month. */
export function OverviewGrid() {
  const query = useOverviewQuery();
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={200} />;
  const overview = query.data;
  if (overview.classes.length === 0) return <Alert severity="info">{t('feesAdmin.noPlans')}</Alert>;
  const months = allMonths(overview);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('feesAdmin.overviewHint')}
      </Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('feesAdmin.overviewLabel')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700, position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}>{t('feesAdmin.columnClass')}</TableCell>
                {months.map((month) => (
                  <TableCell key={month} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {monthLabel(month)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {overview.classes.map((row) => {
                const cells = new Map(row.months.map((cell) => [cell.month, cell]));
                return (
                  <TableRow key={row.classFolderId}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{ fontWeight: 600, position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1, minWidth: 140, maxWidth: 240, overflowWrap: 'break-word' }}
                    >
                      {row.className}
                    </TableCell>
                    {months.map((month) => {
                      const cell = cells.get(month);
                      return cell ? (
                        <MonthCell key={month} folderId={row.classFolderId} className={row.className} counts={cell} />
                      ) : (
                        <TableCell key={month} sx={{ color: 'text.secondary' }}>
                          <span title={t('feesAdmin.notAFeeMonth')}>–</span>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
