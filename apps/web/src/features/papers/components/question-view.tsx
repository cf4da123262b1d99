import { t } from 'i18next';
import type { SittingQuestion } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { FlagIcon } from '../../../components/icons/flag';
import { OutlinedFlagIcon } from '../../../components/icons/outlined-flag';
import { Watermark } from '../../../components/watermark';
import { useQuestionImage } from '../hooks/use-question-image';
import type { QuestionState } from '../lib/question-states';
import type { SittingStore } from '../lib/sitting-store';

export interface QuestionViewProps {
  store: SittingStore;
  paperId: string;
  question: SittingQuestion;
  number: number;
  /** Given on the phone, where one question fills the screen: "Question 3 of 40". */
  count?: number;
  optionId: string | null;
  flagged: boolean;
  /** No more choices: handing in, or the time is up. */
  disabled: boolean;
  watermark: { name: string; regNo: string };
  onChoose: (questionId: string, optionId: string | null) => void;
  onFlag: (questionId: string, flagged: boolean) => void;
}

/** What the phone's and the wide screen's layouts of the paper both take. */
export interface PaperSheetProps extends Pick<QuestionViewProps, 'store' | 'paperId' | 'disabled' | 'watermark' | 'onChoose' | 'onFlag'> {
  /** In the student's order. */
  questions: readonly SittingQuestion[];
  states: readonly QuestionState[];
  choices: Readonly<Record<string, string | null>>;
}

/** The id of a question's heading: moving to a question focuses it, so a screen reader reads it out. */
export function questionHeadingId(questionId: string): string {
  return `question-${questionId}-heading`;
}

function QuestionImage({ store, paperId, imageId, number }: { store: SittingStore; paperId: string; imageId: string; number: number }) {
  const image = useQuestionImage(store, paperId, imageId);
  if (image.kind === 'loading') return <Skeleton variant="rectangular" height={160} sx={{ my: 1.5, borderRadius: 1 }} />;
  if (image.kind === 'missing') {
    return (
      <Typography variant="body2" sx={{ my: 1.5, color: 'text.secondary' }}>
        {t('papersSitting.pictureMissing')}
      </Typography>
    );
  }
  return <Box component="img" src={image.url} alt={t('papersSitting.picture', { number })} sx={{ display: 'block', maxWidth: '100%', height: 'auto', my: 1.5, borderRadius: 1 }} />;
}

/**
 * One question: its text, its picture (from the paper kept in IndexedDB), its options as a radio
 * group (arrow keys move between them), Clear answer and the Flag toggle. The student's name and
 * regNo move across it as across lessons (PRODUCT.md 'Paper classes'); the text stays selectable,
 * since blocking selection would break screen readers and stop no one with a second phone.
 */
function QuestionViewUnmemoized({ store, paperId, question, number, count, optionId, flagged, disabled, watermark, onChoose, onFlag }: QuestionViewProps) {
  const headingId = questionHeadingId(question.id);
  const textId = `question-${question.id}-text`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 96 }} id={`question-${question.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" tabIndex={-1} sx={{ fontWeight: 700, flexGrow: 1, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'none' } }}>
          {count ? t('papersSitting.questionOf', { number, count }) : t('papersSitting.question', { number })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersSitting.marks', { count: question.marks })}
        </Typography>
        <Button
          size="small"
          variant={flagged ? 'contained' : 'outlined'}
          color={flagged ? 'warning' : 'inherit'}
          aria-pressed={flagged}
          aria-label={t('papersSitting.flagQuestion', { number })}
          startIcon={flagged ? <FlagIcon /> : <OutlinedFlagIcon />}
          onClick={() => onFlag(question.id, !flagged)}
          // Black on the orange reads at 6:1; MUI's white would not (WCAG 1.4.3).
          sx={flagged ? { color: 'common.black' } : undefined}
        >
          {t('papers.flag')}
        </Button>
      </Box>
      {/* The watermark moves across the text, the picture and the options, under the words (watermark.tsx). */}
      <Box sx={{ position: 'relative', isolation: 'isolate' }}>
        <Typography id={textId} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '1.05rem' }}>
          {question.text}
        </Typography>
        {question.image && <QuestionImage store={store} paperId={paperId} imageId={question.image} number={number} />}
        <RadioGroup
          aria-labelledby={`${headingId} ${textId}`}
          value={optionId ?? ''}
          onChange={(_event, value) => onChoose(question.id, value)}
          sx={{ mt: 1.5, gap: 0.5 }}
        >
          {question.options.map((option, index) => (
            <FormControlLabel
              key={option.id}
              value={option.id}
              disabled={disabled}
              control={<Radio />}
              label={
                <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                  <Box component="span" aria-hidden sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    ({index + 1})
                  </Box>
                  <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {option.text}
                  </Box>
                </Box>
              }
              sx={{ alignItems: 'flex-start', mx: 0, py: 0.5, borderRadius: 1, '& .MuiRadio-root': { mt: -0.75 }, '&:hover': { bgcolor: 'action.hover' } }}
            />
          ))}
        </RadioGroup>
        {optionId !== null && (
          <Button size="small" disabled={disabled} onClick={() => onChoose(question.id, null)} sx={{ mt: 1 }}>
            {t('papersSitting.clearAnswer')}
          </Button>
        )}
        <Watermark {...watermark} surface="page" />
      </Box>
    </Paper>
  );
}

/** The same question as the store reads it again (a new object each time): compared by what is shown. */
function sameQuestion(a: SittingQuestion, b: SittingQuestion): boolean {
  return (
    a.id === b.id &&
    a.text === b.text &&
    a.image === b.image &&
    a.marks === b.marks &&
    a.options.length === b.options.length &&
    a.options.every((option, index) => option.id === b.options[index]?.id && option.text === b.options[index]?.text)
  );
}

/**
 * Drawn again only when what it shows changes: the wide screen holds up to 150 questions, and a
 * choice in one must not redraw the others.
 */
export const QuestionView = memo(QuestionViewUnmemoized, (before, after) => {
  const { question: a, watermark: markA, ...restA } = before;
  const { question: b, watermark: markB, ...restB } = after;
  const keys = Object.keys(restA) as (keyof typeof restA)[];
  return sameQuestion(a, b) && markA.name === markB.name && markA.regNo === markB.regNo && keys.every((key) => restA[key] === restB[key]) && keys.length === Object.keys(restB).length;
});
