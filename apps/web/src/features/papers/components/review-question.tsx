import { t } from 'i18next';
import type { ReviewQuestion as Question } from '@academy/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CancelIcon } from '../../../components/icons/cancel';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { Watermark } from '../../../components/watermark';
import { optionLetter } from '../lib/option-letter';
import { ReviewImage } from './review-image';

type Outcome = 'right' | 'wrong' | 'unanswered' | 'dropped';

function outcomeOf(question: Question): Outcome {
  if (question.dropped) return 'dropped';
  if (!question.options.some((option) => option.chosen)) return 'unanswered';
  return question.awarded > 0 ? 'right' : 'wrong';
}

function OutcomeChip({ outcome }: { outcome: Outcome }) {
  if (outcome === 'right') return <Chip size="small" color="success" icon={<CheckCircleIcon />} label={t('papersResults.right')} />;
  if (outcome === 'wrong') return <Chip size="small" color="error" icon={<CancelIcon />} label={t('papersResults.wrong')} />;
  if (outcome === 'dropped') return <Chip size="small" variant="outlined" label={t('papersResults.dropped')} />;
  return <Chip size="small" variant="outlined" label={t('papersResults.unanswered')} />;
}

interface ReviewQuestionProps {
  paperId: string;
  question: Question;
  watermark?: { name: string; regNo: string };
}

/**
 * One question as the student saw it, with what the review level allows: their answer, right or
 * wrong and the marks earned; the key from `keys` up; the explanation at `explanations`. Words say
 * what the colours show.
 */
export function ReviewQuestion({ paperId, question, watermark }: ReviewQuestionProps) {
  const outcome = outcomeOf(question);
  const headingId = `review-question-${question.id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      // The watermark lies under the words, above the card's white (watermark.tsx).
      sx={{ position: 'relative', isolation: 'isolate', overflow: 'hidden', p: { xs: 1.5, sm: 2 }, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {watermark && <Watermark {...watermark} surface="page" />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mr: 'auto' }}>
          {t('papersResults.questionNumber', { number: question.number })}
        </Typography>
        <OutcomeChip outcome={outcome} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersResults.marksEarned', { count: question.marks, awarded: question.awarded })}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.text}</Typography>
      {question.image && <ReviewImage paperId={paperId} imageId={question.image} number={question.number} />}
      <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {question.options.map((option, index) => {
          const right = option.key ?? (option.chosen && outcome === 'right');
          const borderColor = right ? 'success.main' : option.chosen ? 'error.main' : 'divider';
          return (
            <Box
              component="li"
              key={option.id}
              sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1.5, py: 1, border: 2, borderColor, borderRadius: 1 }}
            >
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {optionLetter(index)}.
              </Typography>
              <Typography component="span" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {option.text}
              </Typography>
              {option.chosen && <Chip size="small" variant="outlined" color={right ? 'success' : 'error'} label={t('papersResults.yourAnswer')} />}
              {option.key && <Chip size="small" color="success" label={t('papersResults.correctAnswer')} />}
            </Box>
          );
        })}
      </Box>
      {question.explanation && (
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
          <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
            {t('papersResults.explanation')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.explanation}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
