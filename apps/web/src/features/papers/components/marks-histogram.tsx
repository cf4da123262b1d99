import { t } from 'i18next';
import type { PaperStatistics } from '@academy/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { branding } from '../../../lib/branding';
import { prefersReducedMotion } from '../../../lib/reduced-motion';

/** A bar's marks: '7', or '8–11' when a bar is several marks wide. */
function barLabel(bar: PaperStatistics['histogram'][number]): string {
  return bar.from === bar.to ? formatNumber(bar.from) : `${formatNumber(bar.from)}–${formatNumber(bar.to)}`;
}

/** How many students scored each mark (or each band of marks), as a bar chart with its numbers in a table beside it. */
export function MarksHistogram({ statistics }: { statistics: PaperStatistics }) {
  const labels = statistics.histogram.map(barLabel);
  const counts = statistics.histogram.map((bar) => bar.count);
  const chartLabel = t('papersResults.histogramLabel', { sat: formatNumber(statistics.sat), max: formatNumber(statistics.maxMarks) });
  return (
    <Box component="section" aria-labelledby="histogram-heading">
      <Typography id="histogram-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('papersResults.histogram')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Box role="img" aria-label={chartLabel} data-testid="marks-histogram">
          <BarChart
            height={260}
            skipAnimation={prefersReducedMotion()}
            xAxis={[{ scaleType: 'band', data: labels, label: t('papersResults.marks') }]}
            yAxis={[{ label: t('papersResults.students'), tickMinStep: 1, min: 0 }]}
            series={[{ data: counts, color: branding.colors.green, label: t('papersResults.students') }]}
            hideLegend
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
            // The numbers are in the table beside it, read and reached there; the chart's own arrow-key
            // walk would add a Tab stop inside this picture with no visible focus (WCAG 2.4.7).
            disableKeyboardNavigation
          />
        </Box>
        <TableContainer sx={{ maxHeight: 280 }}>
          <Table size="small" stickyHeader aria-label={t('papersResults.histogramTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('papersResults.marks')}</TableCell>
                <TableCell align="right">{t('papersResults.students')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {statistics.histogram.map((bar, index) => (
                <TableRow key={bar.from}>
                  <TableCell>{labels[index]}</TableCell>
                  <TableCell align="right">{formatNumber(bar.count)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Box>
  );
}
