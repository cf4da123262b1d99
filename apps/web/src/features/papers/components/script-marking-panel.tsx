import { t } from 'i18next';
import { WRITTEN_LIMITS, type QuestionMark } from '@academy/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { readMark, totalMarks } from '../lib/script-marks';

interface MarkingPanelProps {
  questions: readonly QuestionMark[];
  /** What is typed in each question's field, by question id. */
  typed: Record<string, string>;
  comment: string;
  onMark: (questionId: string, text: string) => void;
  onComment: (comment: string) => void;
}

/** Each question's mark (a whole number up to its maximum, which the field says), the total so far, and the comment. */
export function MarkingPanel({ questions, typed, comment, onMark, onComment }: MarkingPanelProps) {
  const marks = questions.map((question) => ({ ...question, marks: readMark(typed[question.questionId] ?? '', question.maxMarks).marks }));
  const max = questions.reduce((sum, question) => sum + question.maxMarks, 0);
  return (
    <Box component="section" aria-labelledby="marks-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="marks-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('answerScripts.marksPerQuestion')}
      </Typography>
      {questions.map((question) => {
        const text = typed[question.questionId] ?? '';
        const { problem } = readMark(text, question.maxMarks);
        return (
          <TextField
            key={question.questionId}
            size="small"
            label={t('answerScripts.markFor', { label: question.label })}
            value={text}
            onChange={(event) => onMark(question.questionId, event.target.value)}
            error={problem !== null}
            helperText={
              problem === 'above-maximum'
                ? t('answerScripts.markAbove', { label: question.label, max: question.maxMarks })
                : problem === 'not-whole'
                  ? t('answerScripts.markWhole', { max: question.maxMarks })
                  : t('answerScripts.outOf', { max: question.maxMarks })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', min: 0, max: question.maxMarks, 'aria-describedby': undefined } }}
          />
        );
      })}
      <Typography role="status" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
        {t('answerScripts.totalOf', { marks: formatNumber(totalMarks(marks)), max: formatNumber(max) })}
      </Typography>
      <TextField
        label={t('answerScripts.comment')}
        value={comment}
        onChange={(event) => onComment(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: WRITTEN_LIMITS.commentMax } }}
      />
    </Box>
  );
}
