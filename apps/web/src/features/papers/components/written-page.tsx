import { t } from 'i18next';
import type { MyScript, WrittenPart } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CenteredMessage } from '../../../components/centered-message';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { DescriptionIcon } from '../../../components/icons/description';
import { LinkButton } from '../../../components/link-button';
import { usePaperQuery } from '../api/get-paper';
import { PaperLoading } from './paper-loading';
import { PaperUnavailable } from './paper-unavailable';
import { sriLankaDayAndTime } from '../lib/paper-times';
import { useMyScriptQuery } from '../api/script-mine';
import { useWrittenQuery } from '../api/written-part';
import { ScriptHandIn } from './script-hand-in';
import { ScriptReturned } from './script-returned';
import { WrittenQuestions } from './written-questions';
import { WrittenStartButton } from './written-start-button';

/** The server's time now, from the script's answer: the upload deadline is the server's, not the phone's. */
function serverNowOf(script: MyScript, fetchedAt: number): number {
  return Date.now() + (Date.parse(script.serverNow) - fetchedAt);
}

interface WrittenBodyProps {
  paperId: string;
  written: WrittenPart;
  script: MyScript;
  fetchedAt: number;
  title: string;
  /** A written-only paper that is open: started here, since it has no MCQ screen. */
  startsHere: boolean;
}

function WrittenBody({ paperId, written, script, fetchedAt, title, startsHere }: WrittenBodyProps) {
  const started = script.acceptedUntil !== null;
  const over = script.acceptedUntil !== null && serverNowOf(script, fetchedAt) > Date.parse(script.acceptedUntil);
  return (
    <>
      <WrittenQuestions written={written} />
      {written.sheet && started && (
        <LinkButton to={`/papers/${encodeURIComponent(paperId)}/written/sheet`} variant="outlined" startIcon={<DescriptionIcon />} sx={{ alignSelf: 'flex-start' }}>
          {t('answerScripts.openQuestionSheet')}
        </LinkButton>
      )}
      {script.state === 'handed-in' ? (
        <>
          <Alert severity="success">{t('answerScripts.handedInAt', { time: sriLankaDayAndTime(script.handedInAt ?? script.serverNow), count: script.pages.length })}</Alert>
          <ScriptReturned paperId={paperId} script={script} title={title} />
        </>
      ) : !started && startsHere ? (
        <WrittenStartButton paperId={paperId} />
      ) : !started ? (
        <Alert severity="info" action={<LinkButton to={`/papers/${encodeURIComponent(paperId)}`}>{t('papersResults.backToPaper')}</LinkButton>}>
          {t('answerScripts.startFirst')}
        </Alert>
      ) : over ? (
        <Alert severity="warning">{t('answerScripts.uploadOver', { time: sriLankaDayAndTime(script.acceptedUntil ?? '') })}</Alert>
      ) : (
        <ScriptHandIn paperId={paperId} script={script} acceptedUntil={script.acceptedUntil ?? ''} />
      )}
    </>
  );
}

/**
 * #/papers/{id}/written: the student's written answers (docs/design/answer-scripts.md): the
 * questions and the question sheet, handing in the pages from the phone, what was handed in and
 * when, and after the release the pages back marked.
 */
export function WrittenPage() {
  const { paperId = '' } = useParams();
  const paper = usePaperQuery(paperId);
  const written = useWrittenQuery(paperId);
  const script = useMyScriptQuery(paperId, written.data !== undefined && written.data !== null);
  const error = paper.error ?? written.error ?? script.error;
  if (error) return <PaperUnavailable error={error} />;
  if (written.data === null) {
    return <CenteredMessage heading={t('answerScripts.writtenPart')} text={t('answerScripts.noWrittenPart')} action={<LinkButton to={`/papers/${encodeURIComponent(paperId)}`} variant="contained">{t('papersResults.backToPaper')}</LinkButton>} />;
  }
  if (!paper.data || !written.data || !script.data) return <PaperLoading />;
  const title = paper.data.paper.title;
  const startsHere = paper.data.paper.questionCount === 0 && paper.data.paper.state === 'open';
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <LinkButton to={`/papers/${encodeURIComponent(paperId)}`} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('papersResults.backToPaper')}
      </LinkButton>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('answerScripts.writtenPart')}
          </Typography>
        </Box>
        <WrittenBody paperId={paperId} written={written.data} script={script.data} fetchedAt={script.dataUpdatedAt} title={title} startsHere={startsHere} />
      </Paper>
    </Box>
  );
}
