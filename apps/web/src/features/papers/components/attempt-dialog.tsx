import { t } from 'i18next';
import type { PaperAttempt } from '@academy/contract';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CloseIcon } from '../../../components/icons/close';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useAttemptQuery } from '../api/get-attempt';
import { attemptTime } from '../lib/attempt-time';
import { durationText } from '../lib/duration-text';
import type { ResultEntry } from '../lib/result-entries';
import { AttemptAnswersTable } from './attempt-answers-table';
import { AttemptDevices } from './attempt-devices';

/** The attempt's figures as label and value pairs. */
function facts(attempt: PaperAttempt): [string, string][] {
  const handedIn = attempt.handedInAt
    ? t(attempt.handedInBy === 'time' ? 'papersResults.handedInByTime' : 'papersResults.handedInByStudent', { time: attemptTime(attempt.handedInAt) })
    : t('papersResults.stillSitting');
  return [
    [t('papersResults.started'), attemptTime(attempt.startedAt)],
    [t('papersResults.deadline'), attemptTime(attempt.deadline)],
    [t('papersResults.handedIn'), handedIn],
    [t('papersResults.marks'), attempt.marks === null ? '–' : formatNumber(attempt.marks)],
    [t('papersResults.correctAnswered'), attempt.correct === null || attempt.answered === null ? '–' : t('papersResults.correctOfAnswered', { correct: attempt.correct, answered: attempt.answered })],
    [t('papersResults.columnTimeTaken'), durationText(attempt.timeTakenSeconds)],
    [t('papersResults.columnExtraTime'), t('papersResults.minutes', { count: attempt.extraMinutes })],
    [t('papersResults.columnLateSaves'), formatNumber(attempt.lateSaves)],
    [t('papersResults.reopened'), attempt.reopened ? t('general.yes') : t('general.no')],
  ];
}

function AttemptBody({ attempt }: { attempt: PaperAttempt }) {
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        {facts(attempt).map(([label, value]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
        {t('papersResults.answers')}
      </Typography>
      <AttemptAnswersTable questions={attempt.questions} />
      <AttemptDevices attempt={attempt} />
    </>
  );
}

interface AttemptDialogProps {
  paperId: string;
  student: ResultEntry;
  onClose: () => void;
}

/** One student's attempt for the tutor: the answers the server holds, the devices, the away and offline periods. */
export function AttemptDialog({ paperId, student, onClose }: AttemptDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useAttemptQuery(paperId, student.studentId);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="attempt-title">
      <DialogTitle id="attempt-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {t('papersResults.attemptTitle', { name: student.name, regNo: student.regNo })}
        <IconButton aria-label={t('general.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {/* Focusable, so the keyboard can scroll a long attempt (its tables hold nothing else to focus). */}
      <DialogContent dividers tabIndex={0} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {query.error ? (
          <Typography role="alert">{failureText(query.error)}</Typography>
        ) : !query.data ? (
          <Typography role="status">{t('general.loadingDots')}</Typography>
        ) : (
          <AttemptBody attempt={query.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
