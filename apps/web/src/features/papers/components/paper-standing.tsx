import { t } from 'i18next';
import type { Paper } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PlayArrowIcon as PlayArrow } from '../../../components/icons/play-arrow';
import { LinkButton } from '../../../components/link-button';
import { paperStateAt, sriLankaTimeOfDay, type ListedPaper } from '../lib/paper-labels';
import { sriLankaDayAndTime, sriLankaMoment } from '../lib/paper-times';
import { startWindow } from '../lib/start-window';

interface PaperStandingProps {
  paper: Paper;
  listed: ListedPaper;
  /** The server's time now (ms). */
  now: number;
}

function paperAddress(paper: Paper, page: 'sit' | 'result'): string {
  // A written-only paper (no MCQ question) is sat on its written answers' page (answer-scripts.md).
  const screen = page === 'sit' && paper.questionCount === 0 ? 'written' : page;
  return `/papers/${encodeURIComponent(paper.id)}/${screen}`;
}

function Panel({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}>{children}</Box>;
}

/** "You will have 38 of 60 minutes: the paper closes at 10:00 PM", or the whole limit. */
function startWords(paper: Paper, now: number): string {
  const window = startWindow(paper, now);
  const time = sriLankaTimeOfDay(paper.closesAt);
  if (!window.cutByClose) return t('papers.youWillHaveAll', { count: window.limitMinutes });
  if (window.availableMinutes < 1) return t('papers.youWillHaveUnderAMinute', { time });
  return t('papers.youWillHaveOf', { available: window.availableMinutes, count: window.limitMinutes, time });
}

/**
 * Where the student stands with the paper (docs/papers.md, 'Start' and 'Hand in'): the time
 * a start would give and Start; Continue while sitting; "Handed in at 8:52 PM" and, once released,
 * the way to the result; or that it is closed.
 */
export function PaperStanding({ paper, listed, now }: PaperStandingProps) {
  const state = paperStateAt(listed, now);
  const mine = paper.mine;
  const deadline = mine?.deadline ? Date.parse(mine.deadline) : null;
  // At the deadline the sitting screen hands in by itself, and the server does after the grace.
  const handedIn = mine?.state === 'handed-in' || (mine?.state === 'sitting' && deadline !== null && deadline <= now);

  if (state === 'scheduled') return <Alert severity="info">{t('papers.notOpenYet')}</Alert>;

  if (handedIn) {
    return (
      <Panel>
        <Typography sx={{ fontWeight: 600 }}>
          {mine?.handedInAt ? t('papers.handedInAt', { time: sriLankaMoment(mine.handedInAt, now) }) : t('papers.handedIn')}
        </Typography>
        {state === 'released' ? (
          <LinkButton to={paperAddress(paper, 'result')} variant="contained">
            {t('papers.seeResult')}
          </LinkButton>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('papers.resultsComing')}</Typography>
        )}
      </Panel>
    );
  }

  if (mine?.state === 'sitting') {
    return (
      <Panel>
        <Typography>{t('papers.stillSitting')}</Typography>
        <LinkButton to={paperAddress(paper, 'sit')} variant="contained" size="large" startIcon={<PlayArrow />}>
          {t('papers.continue')}
        </LinkButton>
      </Panel>
    );
  }

  if (state === 'open') {
    return (
      <Panel>
        <Typography sx={{ fontWeight: 600 }}>{startWords(paper, now)}</Typography>
        {(mine?.extraMinutes ?? 0) > 0 && (
          <Typography variant="body2">{t('papers.extraTimeIncluded', { count: mine?.extraMinutes ?? 0 })}</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papers.startNeedsConnection')}
        </Typography>
        <LinkButton to={paperAddress(paper, 'sit')} variant="contained" size="large" startIcon={<PlayArrow />}>
          {t('papers.start')}
        </LinkButton>
      </Panel>
    );
  }

  return <Typography sx={{ fontWeight: 600 }}>{t('papers.closedAt', { time: sriLankaDayAndTime(paper.closesAt) })}</Typography>;
}
