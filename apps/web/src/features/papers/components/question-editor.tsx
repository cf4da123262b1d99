import { t } from 'i18next';
import { PAPER_LIMITS } from '@academy/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { ArrowDownwardIcon as ArrowDownward } from '../../../components/icons/arrow-downward';
import { ArrowUpwardIcon as ArrowUpward } from '../../../components/icons/arrow-upward';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons/delete-outlined';
import { useFieldProblems } from '../hooks/use-field-problems';
import type { PaperFormValues } from '../lib/paper-form';
import { QuestionImageField } from './question-image-field';
import { QuestionOptionsEditor } from './question-options-editor';

/** The element of question `index`, which the list of problems above Save scrolls to. */
export function questionElementId(index: number): string {
  return `paper-question-${index}`;
}

interface QuestionEditorProps {
  index: number;
  count: number;
  /** Students have started: wording may change; order, number, keys, marks and pictures may not. */
  started: boolean;
  paperId: string | null;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One question: its text, picture, options with the key marked, marks and explanation. */
export function QuestionEditor({ index, count, started, paperId, onMove, onRemove }: QuestionEditorProps) {
  const { register, control } = useFormContext<PaperFormValues>();
  const dropped = useWatch({ control, name: `questions.${index}.dropped` });
  const problem = useFieldProblems(`questions.${index}`);
  const number = index + 1;
  const headingId = `${questionElementId(index)}-heading`;
  const field = (name: 'text' | 'explanation') => {
    const path = `questions.${index}.${name}` as const;
    return { ...register(path), error: Boolean(problem(path)), helperText: problem(path), fullWidth: true, multiline: true };
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      id={questionElementId(index)}
      tabIndex={-1}
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2, scrollMarginTop: 80 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('papersEditor.questionNumber', { number })}
        </Typography>
        {dropped && <Chip size="small" label={t('papersEditor.dropped')} />}
        <Box sx={{ ml: 'auto', display: 'flex' }}>
          <IconButton aria-label={t('papersEditor.moveUp', { number })} onClick={() => onMove(index - 1)} disabled={started || index === 0}>
            <ArrowUpward />
          </IconButton>
          <IconButton aria-label={t('papersEditor.moveDown', { number })} onClick={() => onMove(index + 1)} disabled={started || index === count - 1}>
            <ArrowDownward />
          </IconButton>
          <IconButton aria-label={t('papersEditor.removeQuestion', { number })} onClick={onRemove} disabled={started || count <= PAPER_LIMITS.questionsMin} color="error">
            <DeleteOutlined />
          </IconButton>
        </Box>
      </Box>
      <TextField {...field('text')} label={t('papersEditor.fields.text')} minRows={2} slotProps={{ htmlInput: { maxLength: PAPER_LIMITS.questionTextMax } }} />
      <QuestionImageField index={index} paperId={paperId} disabled={started} />
      <QuestionOptionsEditor index={index} started={started} />
      <TextField
        {...register(`questions.${index}.marks`, { valueAsNumber: true })}
        type="number"
        label={t('papersEditor.fields.marks')}
        disabled={started}
        error={Boolean(problem(`questions.${index}.marks`))}
        helperText={problem(`questions.${index}.marks`) ?? (started ? t('papersEditor.marksThroughRegrade') : undefined)}
        slotProps={{ htmlInput: { min: PAPER_LIMITS.marksMin, max: PAPER_LIMITS.marksMax, step: 1, inputMode: 'numeric' } }}
        sx={{ maxWidth: 200 }}
      />
      <TextField {...field('explanation')} label={t('papersEditor.fields.explanation')} minRows={1} slotProps={{ htmlInput: { maxLength: PAPER_LIMITS.explanationMax } }} />
    </Paper>
  );
}
