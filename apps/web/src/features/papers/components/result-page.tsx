import { t } from 'i18next';
import { paperRefusalSchema } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { LinkButton } from '../../../components/link-button';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { useResultQuery } from '../api/get-result';
import { usePaperQuery } from '../api/get-paper';
import { ResultSummary } from './result-summary';
import { ReviewList } from './review-list';

/** Why there is no result to show: not out yet (and when it will be, if the tutor set a time), not sat, or a failure. */
function NoResult({ error, paperId }: { error: Error; paperId: string }) {
  const refusal = error instanceof ApiError ? paperRefusalSchema.safeParse(error.body) : null;
  const releaseAt = refusal?.success ? refusal.data.releaseAt : undefined;
  const notOut = error instanceof ApiError && error.status === 409;
  return (
    <CenteredMessage
      heading={notOut ? t('papersResults.notOutHeading') : t('papersResults.noResultHeading')}
      text={notOut ? (releaseAt ? t('papersResults.outAt', { time: formatDateTime(releaseAt) }) : t('papersResults.notOutText')) : failureText(error)}
      action={
        <LinkButton to={`/papers/${paperId}`} variant="contained">
          {t('papersResults.backToPaper')}
        </LinkButton>
      }
    />
  );
}

interface ResultPageProps {
  /** The reader's name and regNo for the watermark over the review (composed in src/app). */
  watermark?: { name: string; regNo: string };
}

/** #/papers/:paperId/result: a student's released result, ranks and review. */
export function ResultPage({ watermark }: ResultPageProps) {
  const { paperId = '' } = useParams();
  const query = useResultQuery(paperId);
  const title = usePaperQuery(paperId).data?.paper.title;

  if (query.error) return <NoResult error={query.error} paperId={paperId} />;
  if (!query.data) return <PageLoader />;
  const result = query.data;
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <LinkButton to={`/papers/${paperId}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('papersResults.backToPaper')}
        </LinkButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' }, overflowWrap: 'anywhere' }}>
          {title ?? t('papersResults.resultTitle')}
        </Typography>
      </Box>
      <ResultSummary result={result} />
      {result.writtenMarks !== undefined && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('answerScripts.mcqMarks')}: {t('papersResults.marksOf', { marks: formatNumber(result.mcqMarks ?? 0), max: formatNumber(result.mcqMaxMarks ?? 0) })}
            {' · '}
            {t('answerScripts.writtenMarks')}: {t('papersResults.marksOf', { marks: formatNumber(result.writtenMarks), max: formatNumber(result.writtenMaxMarks ?? 0) })}
          </Typography>
          <LinkButton to={`/papers/${encodeURIComponent(paperId)}/written`} variant="outlined">
            {t('answerScripts.markedScript')}
          </LinkButton>
        </Box>
      )}
      {result.review ? (
        <ReviewList paperId={paperId} review={result.review} watermark={watermark} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('papersResults.marksOnly')}</Typography>
      )}
    </Box>
  );
}
