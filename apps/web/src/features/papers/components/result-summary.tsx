import { t } from 'i18next';
import type { PaperResult } from '@academy/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { listLabel } from '../../../i18n/list-labels';
import { durationText } from '../lib/duration-text';
import { percentText } from '../lib/percent-text';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, fontSize: { xs: '1.7rem', sm: '2.1rem' } }}>
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** A student's marks and their three ranks, as papers.md says them: 'Island rank 12 of 1,834'. */
export function ResultSummary({ result }: { result: PaperResult }) {
  const ranks = [
    t('papersResults.islandRank', { rank: formatNumber(result.islandRank), total: formatNumber(result.sat) }),
    t('papersResults.districtRank', {
      rank: formatNumber(result.districtRank),
      total: formatNumber(result.satInDistrict),
      district: listLabel('district', result.district),
    }),
    t('papersResults.batchRank', { rank: formatNumber(result.batchRank), total: formatNumber(result.satInBatch), batch: result.batch }),
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="result-summary-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="result-summary-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('papersResults.yourResult')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <Figure label={t('papersResults.marks')} value={t('papersResults.marksOf', { marks: formatNumber(result.marks), max: formatNumber(result.maxMarks) })} />
        <Figure label={t('papersResults.percentage')} value={percentText(result.percentage)} />
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {ranks.map((rank) => (
          <Typography component="li" key={rank} sx={{ fontWeight: 600 }}>
            {rank}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {t('papersResults.timeTaken', { time: durationText(result.timeTakenSeconds) })}
        {' · '}
        {t('papersResults.handedInAt', { time: formatDateTime(result.handedInAt) })}
      </Typography>
    </Paper>
  );
}
