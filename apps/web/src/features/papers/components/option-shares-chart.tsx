import { t } from 'i18next';
import type { QuestionStatistics } from '@academy/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { branding } from '../../../lib/branding';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { percentText } from '../lib/percent-text';

/** The bars of the options that are not the key: a neutral grey that still reads against white. */
const OTHER_OPTION = '#8A96A3';
const BAR_HEIGHT = 30;

/**
 * What share of those who sat chose each option of one question (A–F in the paper's own order) and
 * how many left it unanswered, as horizontal bars with the key in the brand green; the numbers are
 * in the table beside it.
 */
export function OptionSharesChart({ question, sat }: { question: QuestionStatistics; sat: number }) {
  if (question.dropped) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('papersResults.droppedNoFigures')}</Typography>;
  }
  const noAnswer = t('papersResults.noAnswer');
  const labels = [...question.options.map((option) => option.label), noAnswer];
  const shares = [...question.options.map((option) => option.share ?? 0), question.unansweredShare ?? 0];
  const key = question.options.find((option) => option.isKey)?.label ?? '';
  const chartLabel = t('papersResults.optionSharesLabel', { number: question.number, key });
  // Each student chose one option or none, so those who left it unanswered are the rest.
  const unanswered = sat - question.options.reduce((sum, option) => sum + (option.count ?? 0), 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
      <Box role="img" aria-label={chartLabel}>
        <BarChart
          layout="horizontal"
          height={BAR_HEIGHT * labels.length + 56}
          skipAnimation={prefersReducedMotion()}
          yAxis={[
            {
              scaleType: 'band',
              data: labels,
              width: 'auto',
              colorMap: { type: 'ordinal', values: labels, colors: labels.map((label) => (label === key ? branding.colors.green : OTHER_OPTION)) },
            },
          ]}
          xAxis={[{ min: 0, max: 100, valueFormatter: (value: number) => `${value}%` }]}
          series={[{ data: shares, label: t('papersResults.share'), valueFormatter: (value) => percentText(value) }]}
          hideLegend
          margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
          // The numbers are in the table beside it, read and reached there; the chart's own arrow-key
          // walk would add a Tab stop inside this picture with no visible focus (WCAG 2.4.7).
          disableKeyboardNavigation
        />
      </Box>
      <Table size="small" aria-label={t('papersResults.optionSharesTable', { number: question.number })}>
        <TableHead>
          <TableRow>
            <TableCell>{t('papersResults.columnOption')}</TableCell>
            <TableCell align="right">{t('papersResults.students')}</TableCell>
            <TableCell align="right">{t('papersResults.share')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {question.options.map((option) => (
            <TableRow key={option.id} sx={option.isKey ? { '& td': { fontWeight: 700 } } : undefined}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {option.label}. {option.text}
                {option.isKey && ` (${t('papersResults.key')})`}
              </TableCell>
              <TableCell align="right">{option.count === null ? '–' : formatNumber(option.count)}</TableCell>
              <TableCell align="right">{percentText(option.share)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>{noAnswer}</TableCell>
            <TableCell align="right">{formatNumber(unanswered)}</TableCell>
            <TableCell align="right">{percentText(question.unansweredShare)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
