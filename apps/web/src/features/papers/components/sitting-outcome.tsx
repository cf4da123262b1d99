import { t } from 'i18next';
import type { SittingQuestion } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CenteredMessage } from '../../../components/centered-message';
import { formatNumber } from '../../../i18n/format';
import { sriLankaTimeOfDay } from '../lib/paper-labels';
import { sriLankaDayAndTime } from '../lib/paper-times';
import { refusedNumbers } from '../lib/question-states';
import type { SittingPhase, StartProblem } from '../lib/sitting-phase';

type Outcome = Extract<SittingPhase, { kind: 'unavailable' | 'handed-in' | 'time-up' }>;

interface SittingOutcomeProps {
  outcome: Outcome;
  questions: readonly SittingQuestion[];
  onBackToPaper: () => void;
  onLeave: () => void;
  onRetry: () => void;
}

/** Why the paper cannot be opened, said from the refusal's own times, so it reads in the reader's language. */
function problemText(problem: StartProblem): string {
  if (problem.kind === 'offline') return t('papers.startNeedsConnection');
  const body = problem.error.body as { opensAt?: unknown; closesAt?: unknown } | null;
  if (typeof body?.opensAt === 'string') return t('papersSitting.notOpenYet', { when: sriLankaDayAndTime(body.opensAt) });
  if (typeof body?.closesAt === 'string') return t('papers.closedAt', { time: sriLankaDayAndTime(body.closesAt) });
  return problem.error.message;
}

/** The choices that came too late to count, named by question (docs/papers.md, 'What happens at the deadline'). */
function lateWords(questions: readonly SittingQuestion[], outcome: Outcome): string[] {
  if (outcome.kind === 'unavailable') return [];
  const late = refusedNumbers(questions, outcome.refused);
  return late.length > 0 ? [t('papersSitting.notCounted', { count: late.length, numbers: late.map(formatNumber).join(', ') })] : [];
}

/** The screen once nothing more can be chosen: handed in, time up with choices that did not count, or a paper that cannot be opened. */
export function SittingOutcome({ outcome, questions, onBackToPaper, onLeave, onRetry }: SittingOutcomeProps) {
  let heading: string;
  let sentences: string[];
  if (outcome.kind === 'unavailable') {
    heading = t('papersSitting.cannotOpen');
    sentences = [problemText(outcome.problem)];
  } else if (outcome.kind === 'handed-in') {
    heading = outcome.handedInAt ? t('papers.handedInAt', { time: sriLankaTimeOfDay(outcome.handedInAt) }) : t('papers.handedIn');
    sentences = [
      ...(outcome.answer ? [t('papersSitting.answeredOf', { answered: formatNumber(outcome.answer.answered), count: outcome.answer.questionCount })] : []),
      ...lateWords(questions, outcome),
      t('papersSitting.resultsLater'),
    ];
  } else {
    heading = t('papersSitting.timeUpTitle');
    sentences = [...(outcome.acceptedUntil ? [t('papersSitting.timeUpAfter', { time: sriLankaTimeOfDay(outcome.acceptedUntil) })] : []), ...lateWords(questions, outcome)];
  }
  return (
    <CenteredMessage
      heading={heading}
      text={sentences.join(' ')}
      action={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
          {outcome.kind === 'unavailable' && outcome.problem.kind === 'offline' && (
            <Button variant="contained" onClick={onRetry}>
              {t('papersSitting.tryAgain')}
            </Button>
          )}
          <Button variant={outcome.kind === 'unavailable' && outcome.problem.kind === 'offline' ? 'outlined' : 'contained'} onClick={onBackToPaper}>
            {t('papersSitting.backToPaper')}
          </Button>
          <Button onClick={onLeave}>{t('papers.leave')}</Button>
        </Box>
      }
    />
  );
}
