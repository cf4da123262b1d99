import { t } from 'i18next';
import type { PaperStatistics } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useStatisticsQuery } from '../api/get-statistics';
import { MarksHistogram } from './marks-histogram';
import { QuestionStatisticsTable } from './question-statistics-table';

/** A figure to two decimals at most: a mean of 23.456 reads 23.46. */
function figure(value: number | null): string {
  return value === null ? '–' : formatNumber(Math.round(value * 100) / 100);
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

function MarksFigures({ statistics }: { statistics: PaperStatistics }) {
  const figures: [string, string][] = [
    [t('papersResults.sat'), formatNumber(statistics.sat)],
    [t('papersResults.mean'), figure(statistics.mean)],
    [t('papersResults.median'), figure(statistics.median)],
    [t('papersResults.standardDeviation'), figure(statistics.standardDeviation)],
    [t('papersResults.highest'), figure(statistics.highest)],
    [t('papersResults.lowest'), figure(statistics.lowest)],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' }, gap: 1.5 }}>
      {figures.map(([label, value]) => (
        <Figure key={label} label={label} value={value} />
      ))}
    </Box>
  );
}

/** The Statistics tab: the marks' figures and histogram, then every question's; provisional until results are ready. */
export function StatisticsPanel({ paperId }: { paperId: string }) {
  const query = useStatisticsQuery(paperId);
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <Typography role="status">{t('general.loadingDots')}</Typography>;
  const statistics = query.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {statistics.provisional && <Alert severity="info">{t('papersResults.provisionalText')}</Alert>}
      <Typography sx={{ color: 'text.secondary' }}>
        {t('papersResults.outOf', { max: formatNumber(statistics.maxMarks) })}
      </Typography>
      <MarksFigures statistics={statistics} />
      {statistics.sat === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('papersResults.nobodySat')}</Typography>
      ) : (
        <MarksHistogram statistics={statistics} />
      )}
      <Box component="section" aria-labelledby="question-statistics-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id="question-statistics-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('papersResults.questionStatistics')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersResults.questionStatisticsHint', { group: formatNumber(statistics.groupSize) })}
        </Typography>
        <QuestionStatisticsTable questions={statistics.questions} sat={statistics.sat} />
      </Box>
    </Box>
  );
}
