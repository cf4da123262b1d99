import { t } from 'i18next';
import type { TraceResult } from '@academy/contract';
import { PersonSearchIcon as PersonSearch } from '../../../components/icons/person-search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { confidenceWords } from '../lib/confidence';

/** A segment of a lesson lasts about this long (the contract's `segmentsRead`). */
const SEGMENT_SECONDS = 6;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function lastStreamed(result: TraceResult): string {
  if (!result.streamedAt) return t('forensics.noPlayOnRecord');
  const when = formatDateTime(result.streamedAt);
  return result.streamedFrom ? t('forensics.streamedAtFrom', { when, address: result.streamedFrom }) : t('forensics.streamedAt', { when });
}

/** The answer when the marks name someone: the student, the lesson, when and where they streamed it, and how sure. */
export function TraceResultCard({ result }: { result: TraceResult }) {
  const confidence = confidenceWords(result.confidence);
  const minutes = Math.max(1, Math.round((result.segmentsRead * SEGMENT_SECONDS) / 60));
  return (
    <Card variant="outlined" data-testid="trace-result" sx={{ borderRadius: 3, borderColor: 'success.main', borderWidth: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, bgcolor: 'success.dark', color: 'common.white' }}>
        <PersonSearch aria-hidden />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.25rem' } }}>
          {t('forensics.matchTitle')}
        </Typography>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere', fontSize: { xs: '1.25rem', sm: '1.5rem' } }} data-testid="trace-student-name">
            {result.name}
          </Typography>
          <Chip label={result.regNo ?? t('forensics.noRegNo')} color="primary" variant="outlined" data-testid="trace-student-regno" />
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1.25 }, '& dd': { mb: { xs: 1.25, sm: 0 } } }}
        >
          <Fact label={t('forensics.lesson')}>{result.lessonName}</Fact>
          <Fact label={t('forensics.confidence')}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {confidence.percent}
            </Box>
            {` · ${confidence.strength}. ${confidence.odds}`}
          </Fact>
          <Fact label={t('forensics.lastStreamed')}>{lastStreamed(result)}</Fact>
          <Fact label={t('forensics.evidence')}>{t('forensics.segmentsRead', { count: result.segmentsRead, segments: formatNumber(result.segmentsRead), minutes: formatNumber(minutes) })}</Fact>
        </Box>
      </Box>
    </Card>
  );
}
