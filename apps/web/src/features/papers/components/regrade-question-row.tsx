import { t } from 'i18next';
import type { PaperQuestion } from '@academy/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { optionLetter } from '../lib/option-letter';
import { draftMarks, type QuestionDraft } from '../lib/regrade-changes';

interface RegradeQuestionRowProps {
  question: PaperQuestion;
  number: number;
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
}

/** One question of the regrade: its key (A–F in the paper's own order), its marks, and whether it is dropped. */
export function RegradeQuestionRow({ question, number, draft, onChange }: RegradeQuestionRowProps) {
  const changed = draft.correct !== question.correct || draft.marks !== String(question.marks) || draft.dropped !== question.dropped;
  const marksWrong = draftMarks(draft) === null;
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', p: 1.5, border: 1, borderColor: changed ? 'secondary.main' : 'divider', borderRadius: 1, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <strong>{number}.</strong> {question.text.length > 140 ? `${question.text.slice(0, 140)}…` : question.text}
        </Typography>
        {changed && <Chip size="small" color="secondary" label={t('papersResults.changed')} />}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('papersResults.keyOf', { number })}
          value={String(draft.correct)}
          onChange={(event) => onChange({ ...draft, correct: Number(event.target.value) })}
          slotProps={{ select: { native: true } }}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        >
          {question.options.map((option, index) => (
            <option key={option.id} value={index}>
              {optionLetter(index)}. {option.text.length > 60 ? `${option.text.slice(0, 60)}…` : option.text}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('papersResults.marksOfQuestion', { number })}
          value={draft.marks}
          onChange={(event) => onChange({ ...draft, marks: event.target.value })}
          error={marksWrong}
          helperText={marksWrong ? t('papersResults.marksRange') : undefined}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1, inputMode: 'numeric' } }}
          sx={{ width: '9rem' }}
        />
        <FormControlLabel
          control={<Checkbox checked={draft.dropped} onChange={(event) => onChange({ ...draft, dropped: event.target.checked })} />}
          label={t('papersResults.dropQuestion', { number })}
        />
      </Box>
    </Box>
  );
}
