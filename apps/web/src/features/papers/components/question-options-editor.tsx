import { t } from 'i18next';
import { PAPER_LIMITS } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { AddIcon as Add } from '../../../components/icons/add';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons/delete-outlined';
import { useFieldProblems } from '../hooks/use-field-problems';
import { OPTIONS_MAX, OPTIONS_MIN, optionLetter, withoutOption, type PaperFormValues } from '../lib/paper-form';

interface QuestionOptionsEditorProps {
  index: number;
  /** Students have started: options can be reworded, not added, removed or re-keyed. */
  started: boolean;
}

/** A question's 2–6 options, A–F, each with the radio that marks it as the key. */
export function QuestionOptionsEditor({ index, started }: QuestionOptionsEditorProps) {
  const { control, setValue } = useFormContext<PaperFormValues>();
  const { isSubmitted } = useFormState({ control });
  const options = useWatch({ control, name: `questions.${index}.options` });
  const correct = useWatch({ control, name: `questions.${index}.correct` });
  const problem = useFieldProblems(`questions.${index}`);
  const number = index + 1;
  const legendId = `question-${index}-options`;
  // Once the tutor has tried to save, each change is checked again, so a fixed refusal goes.
  const change = { shouldDirty: true, shouldValidate: isSubmitted };
  const setOptions = (next: string[]) => setValue(`questions.${index}.options`, next, change);
  const setCorrect = (next: number) => setValue(`questions.${index}.correct`, next, change);
  const remove = (at: number) => {
    const next = withoutOption(options, correct, at);
    setOptions(next.options);
    setCorrect(next.correct);
  };
  const listProblem = problem(`questions.${index}.options`);
  const keyProblem = problem(`questions.${index}.correct`);

  return (
    <FormControl component="fieldset" error={Boolean(listProblem || keyProblem)} sx={{ gap: 1 }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t('papersEditor.optionsLegend')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={correct >= 0 ? String(correct) : ''}
        onChange={(event) => setCorrect(Number(event.target.value))}
        sx={{ gap: 1 }}
      >
        {options.map((option, at) => {
          const letter = optionLetter(at);
          const optionProblem = problem(`questions.${index}.options.${at}`);
          return (
            <Box key={at} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
              <Radio
                value={String(at)}
                disabled={started}
                slotProps={{ input: { 'aria-label': t('papersEditor.markCorrect', { letter, number }) } }}
                sx={{ mt: 0.5 }}
              />
              <TextField
                value={option}
                onChange={(event) => setOptions(options.map((text, place) => (place === at ? event.target.value : text)))}
                label={t('papersEditor.optionLetter', { letter })}
                size="small"
                fullWidth
                error={Boolean(optionProblem)}
                helperText={optionProblem ?? (correct === at ? t('papersEditor.correctOption') : undefined)}
                slotProps={{ htmlInput: { maxLength: PAPER_LIMITS.optionTextMax } }}
              />
              <IconButton
                aria-label={t('papersEditor.removeOption', { letter, number })}
                onClick={() => remove(at)}
                disabled={started || options.length <= OPTIONS_MIN}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          );
        })}
      </RadioGroup>
      {(listProblem || keyProblem) && <FormHelperText>{[listProblem, keyProblem].filter(Boolean).join(' · ')}</FormHelperText>}
      <Button
        startIcon={<Add />}
        onClick={() => setOptions([...options, ''])}
        disabled={started || options.length >= OPTIONS_MAX}
        sx={{ alignSelf: 'flex-start' }}
        aria-label={t('papersEditor.addOptionTo', { number })}
      >
        {t('papersEditor.addOption')}
      </Button>
    </FormControl>
  );
}
