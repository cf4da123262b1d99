import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePaperQuery } from '../api/get-paper';
import { useSitting } from '../hooks/use-sitting';
import { waitingCount } from '../lib/answer-queue';
import { questionStates } from '../lib/question-states';
import { Countdown } from './countdown';
import { HandInDialog } from './hand-in-dialog';
import { SaveStatus } from './save-status';
import { SittingOutcome } from './sitting-outcome';
import { SittingPhone } from './sitting-phone';
import { SittingTopBar } from './sitting-top-bar';
import { SittingWide } from './sitting-wide';
import { TimeUpNotice } from './time-up-notice';

/**
 * The sitting screen at #/papers/{id}/sit, outside the shell: no drawer, so nothing leads away by
 * accident; Leave goes back to the class folders and the attempt goes on running
 * (docs/papers.md, 'Sitting a paper'). It opens from IndexedDB first, so a reload while
 * offline shows the paper again, and every choice is kept there before it is sent.
 */
export function SittingPage() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  // The design's line between the two screens is 900 px, the theme's md.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const sitting = useSitting(paperId);
  // The title comes with the paper's page; offline after a reload the screen does without it.
  const title = usePaperQuery(paperId).data?.paper.title ?? t('papersSitting.paper');
  const [confirming, setConfirming] = useState(false);
  const { phase, queue, questions, choices, flags, clock, timeUp } = sitting;
  const states = useMemo(() => questionStates(questions, choices, flags), [questions, choices, flags]);

  // The drive opens at the classes; the class folder is a step from there.
  const leave = () => navigate('/home');
  const backToPaper = () => navigate(`/papers/${encodeURIComponent(paperId)}`);

  if (phase.kind === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label={t('papersSitting.opening')} />
      </Box>
    );
  }
  if (phase.kind !== 'sitting' && phase.kind !== 'handing-in') {
    return (
      <Box component="main">
        <SittingOutcome outcome={phase} questions={questions} onBackToPaper={backToPaper} onLeave={leave} onRetry={sitting.restart} />
      </Box>
    );
  }

  const { attempt } = phase;
  const disabled = phase.kind === 'handing-in' || timeUp;
  const sheet = {
    store: phase.store,
    paperId,
    questions,
    states,
    choices,
    disabled,
    watermark: attempt.watermark,
    onChoose: queue.choose,
    onFlag: queue.setFlag,
  };
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SittingTopBar
        wide={wide}
        title={title}
        countdown={<Countdown clock={clock} deadline={attempt.deadline} />}
        status={<SaveStatus state={queue.state} onRetry={sitting.restart} />}
        handingIn={phase.kind === 'handing-in'}
        onLeave={leave}
        onHandIn={() => setConfirming(true)}
      />
      <Box component="main">
        {!wide && (
          <Typography component="h1" variant="subtitle1" sx={{ px: 2, pt: 2, fontWeight: 700, color: 'primary.main', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        )}
        {(!sitting.kept || timeUp) && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: { xs: 2, md: 3 }, pt: 2, maxWidth: 1200, mx: 'auto' }}>
            {!sitting.kept && <Alert severity="warning">{t('papers.cannotKeepAnswers')}</Alert>}
            {timeUp && <TimeUpNotice waiting={waitingCount(attempt)} acceptedUntil={attempt.acceptedUntil} />}
          </Box>
        )}
        {wide ? <SittingWide {...sheet} /> : <SittingPhone {...sheet} />}
      </Box>
      <HandInDialog
        open={confirming && phase.kind === 'sitting' && !timeUp}
        states={states}
        onGoBack={() => setConfirming(false)}
        onHandIn={() => {
          setConfirming(false);
          queue.handIn();
        }}
      />
    </Box>
  );
}
