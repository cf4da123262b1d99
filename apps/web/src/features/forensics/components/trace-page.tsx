import { t } from 'i18next';
import { FingerprintIcon as Fingerprint } from '../../../components/icons/fingerprint';
import { ReplayIcon as Replay } from '../../../components/icons/replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatBytes } from '../../../i18n/format';
import { useTraceQuery } from '../api/get-trace';
import { useStartTraceMutation } from '../api/start-trace';
import { failureText, showFailure } from '../../../lib/failure-alerts';
import { CopyDropZone } from './copy-drop-zone';
import { TraceFailedCard } from './trace-failed-card';
import { TraceNoMatchCard } from './trace-no-match-card';
import { TraceProgress } from './trace-progress';
import { TraceResultCard } from './trace-result-card';

/** The trace being followed is kept in the address (?id=), so a reload or a shared link finds it again. */
const TRACE_PARAM = 'id';

interface Sending {
  name: string;
  size: number;
  percent: number;
}

/** 'Trace a leaked copy' at /trace: send a copy, follow its reading, read the answer. */
export function TracePage() {
  const [params, setParams] = useSearchParams();
  const traceId = params.get(TRACE_PARAM);
  const [sending, setSending] = useState<Sending | null>(null);
  const start = useStartTraceMutation();
  // A refused upload's sentence: the mutation's own error (cleared by the next send and by reset).
  const refusal = start.error ? failureText(start.error) : null;
  const trace = useTraceQuery(traceId);
  const answer = trace.data;
  const finished = answer?.state === 'done' || answer?.state === 'failed' || trace.isError;

  const send = (file: File) => {
    setSending({ name: file.name, size: file.size, percent: 0 });
    start.mutate(
      { file, onProgress: (fraction) => setSending((now) => now && { ...now, percent: Math.floor(fraction * 100) }) },
      {
        onSuccess: (created) => {
          setSending(null);
          setParams({ [TRACE_PARAM]: created.data.id });
        },
        onError: (error) => {
          setSending(null);
          showFailure(t('forensics.uploadFailed'), error);
        },
      },
    );
  };

  const reset = () => {
    start.reset();
    setParams({});
  };

  // The step under way sits in a panel; an answer stands as a card of its own, full width on a phone.
  let step = null;
  let answered = null;
  if (sending) {
    step = (
      <TraceProgress
        label={t('forensics.sending', { name: sending.name, size: formatBytes(sending.size), percent: sending.percent })}
        percent={sending.percent}
        barLabel={t('forensics.sendingBar')}
        hint={t('forensics.sendingHint')}
      />
    );
  } else if (traceId === null) {
    step = (
      <>
        {refusal && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {refusal}
          </Alert>
        )}
        <CopyDropZone onFile={send} />
      </>
    );
  } else if (trace.isError) {
    answered = (
      <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
        {failureText(trace.error)}
      </Alert>
    );
  } else if (!answer || answer.state === 'queued' || answer.state === 'processing') {
    const reading = answer?.state === 'processing';
    step = (
      <TraceProgress
        label={reading ? t('forensics.reading', { percent: answer.progress }) : t('forensics.waiting')}
        percent={reading ? answer.progress : null}
        barLabel={t('forensics.readingBar')}
        hint={t('forensics.readingHint')}
      />
    );
  } else if (answer.state === 'failed') {
    answered = <TraceFailedCard error={answer.error} />;
  } else {
    answered = answer.result ? <TraceResultCard result={answer.result} /> : <TraceNoMatchCard reason={answer.reason} />;
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('forensics.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('forensics.subtitle')}
        </Typography>
      </Box>
      {step && (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, borderRadius: 3 }} aria-busy={sending !== null || traceId !== null}>
          {step}
        </Paper>
      )}
      {answered}
      {finished && (
        <Button variant="contained" startIcon={<Replay />} onClick={reset} sx={{ alignSelf: 'flex-start' }}>
          {t('forensics.traceAnother')}
        </Button>
      )}
      <Paper variant="outlined" component="section" aria-labelledby="trace-how" sx={{ p: 2, display: 'flex', gap: 1.5, borderRadius: 3, bgcolor: 'transparent' }}>
        <Fingerprint sx={{ color: 'secondary.main', mt: 0.25 }} aria-hidden />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Typography id="trace-how" variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
            {t('forensics.howItWorks')}
          </Typography>
          <Typography variant="body2">{t('forensics.explainMarks')}</Typography>
          <Typography variant="body2">{t('forensics.explainNeverGuesses')}</Typography>
          <Typography variant="body2">{t('forensics.explainCopy')}</Typography>
        </Box>
      </Paper>
    </Box>
  );
}
