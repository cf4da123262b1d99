import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../../i18n/format';
import { branding } from '../../../../lib/branding';
import { failureText } from '../../../../lib/failure-alerts';
import { prefersReducedMotion } from '../../../../lib/reduced-motion';
import { useRevenueQuery } from '../../api/get-revenue';
import { formatMoney } from '../../lib/money';
import { monthLabel } from '../../lib/months';
import { lastMonths, revenueTable } from '../../lib/revenue-series';

/** Months the chart shows, up to this one. */
const CHARTED_MONTHS = 12;

/** A colour per class, the academy's own first; classes past the list take its colours again. */
function classColours(): string[] {
  const { navy, green, lightBlue, slate } = branding.colors;
  return [navy, green, lightBlue, slate, '#b45309', '#7c3aed', '#be123c', '#0f766e'];
}

/** A month as the chart's axis names it: 'Nov 26'. */
function shortMonth(month: string): string {
  return formatDateTime(`${month}-15T12:00:00Z`, { month: 'short', year: '2-digit' });
}

/** The chart's figures are rupees for its scale; the words say them as money again, from whole cents. */
function moneyOfRupees(value: number | null): string {
  return formatMoney(Math.round((value ?? 0) * 100));
}

/**
 * The Revenue tab: money received per month over the last 12 (by the Sri Lanka day it came),
 * refunds and chargebacks taken off in their month, stacked by class; the same figures in the
 * table beside the chart, which is a picture of them and takes no focus.
 */
export function RevenueChart() {
  const [range] = useState(() => lastMonths(CHARTED_MONTHS));
  const query = useRevenueQuery(range.from, range.to);
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={300} />;
  const table = revenueTable(query.data.months);
  const colours = classColours();
  const labels = table.rows.map((row) => monthLabel(row.month));
  return (
    <Box component="section" aria-labelledby="revenue-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="revenue-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('feesAdmin.revenueTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('feesAdmin.revenueHint', { total: formatMoney(table.totalCents) })}
      </Typography>
      {table.classes.length === 0 ? (
        <Alert severity="info">{t('feesAdmin.noRevenue')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
          <Box role="img" aria-label={t('feesAdmin.revenueChartLabel', { total: formatMoney(table.totalCents) })} data-testid="revenue-chart">
            <BarChart
              height={320}
              skipAnimation={prefersReducedMotion()}
              xAxis={[{ scaleType: 'band', data: table.rows.map((row) => row.month), valueFormatter: shortMonth, tickLabelStyle: { fontSize: 11 } }]}
              // Rupees without the currency on the scale; the bars' own labels say the money in full.
              yAxis={[{ width: 'auto', valueFormatter: (value: number) => formatNumber(value) }]}
              series={table.classes.map((entry, index) => ({
                data: table.rows.map((row) => (row.netCents[index] ?? 0) / 100),
                label: entry.className,
                stack: 'revenue',
                color: colours[index % colours.length],
                valueFormatter: moneyOfRupees,
              }))}
              margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
              // The figures are in the table beside it, read and reached there (WCAG 2.4.7).
              disableKeyboardNavigation
            />
          </Box>
          {/* Beside the chart on a wide screen, below it otherwise: a column per class needs the room. */}
          {/* It scrolls with many classes: the box itself takes focus, so a keyboard can scroll it (WCAG 2.1.1). */}
          <TableContainer tabIndex={0} role="region" aria-label={t('feesAdmin.revenueTable')} sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('feesAdmin.revenueTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fees.month')}</TableCell>
                  {table.classes.map((entry) => (
                    <TableCell key={entry.classFolderId} align="right">
                      {entry.className}
                    </TableCell>
                  ))}
                  <TableCell align="right">{t('feesAdmin.columnTotal')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row, index) => (
                  <TableRow key={row.month}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {labels[index]}
                    </TableCell>
                    {row.netCents.map((cents, column) => (
                      <TableCell key={table.classes[column]?.classFolderId} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(cents)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                      {formatMoney(row.totalCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Box>
  );
}
