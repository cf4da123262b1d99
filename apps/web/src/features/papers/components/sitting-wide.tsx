import { t } from 'i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { QuestionNavigator } from './question-navigator';
import { QuestionView, questionHeadingId, type PaperSheetProps } from './question-view';

/**
 * The wide screen's paper (900 px and wider): the whole paper in one column and the navigator
 * beside it, staying in view as the paper scrolls (docs/papers.md, 'The screens').
 */
export function SittingWide({ questions, states, choices, ...shared }: PaperSheetProps) {
  const go = (index: number) => {
    const question = questions[index];
    if (!question) return;
    document.getElementById(`question-${question.id}`)?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.getElementById(questionHeadingId(question.id))?.focus({ preventScroll: true });
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 280px', alignItems: 'start', gap: 3, maxWidth: 1200, mx: 'auto', p: 3 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {questions.map((question, index) => (
          <QuestionView
            key={question.id}
            {...shared}
            question={question}
            number={index + 1}
            optionId={choices[question.id] ?? null}
            flagged={states[index]?.flagged ?? false}
          />
        ))}
      </Box>
      <Paper variant="outlined" sx={{ position: 'sticky', top: 88, p: 2, maxHeight: 'calc(100dvh - 104px)', overflowY: 'auto' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('papersSitting.questions')}
        </Typography>
        <QuestionNavigator states={states} onGo={go} />
      </Paper>
    </Box>
  );
}
