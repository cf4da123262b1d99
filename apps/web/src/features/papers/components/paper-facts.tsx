import { t } from 'i18next';
import type { Paper } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { sriLankaDayAndTime } from '../lib/paper-times';

/** The paper's times and size, as a student reads them before Start (times in Sri Lanka time). */
export function PaperFacts({ paper }: { paper: Paper }) {
  const facts = [
    { term: t('papers.opensAtLabel'), value: sriLankaDayAndTime(paper.opensAt) },
    { term: t('papers.closesAtLabel'), value: sriLankaDayAndTime(paper.closesAt) },
    { term: t('papers.timeLimit'), value: t('papers.minutes', { count: paper.timeLimitMinutes }) },
    { term: t('papers.questionCount'), value: formatNumber(paper.questionCount) },
    { term: t('papers.maxMarks'), value: formatNumber(paper.maxMarks) },
  ];
  return (
    <Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, auto)' }, gap: 2, justifyContent: 'start' }}
      >
        {facts.map((fact) => (
          <Box key={fact.term} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {fact.term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('papers.timesInSriLanka')}
      </Typography>
    </Box>
  );
}
