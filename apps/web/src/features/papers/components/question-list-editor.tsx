import { t } from 'i18next';
import type { ImportedQuestion } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { AddIcon as Add } from '../../../components/icons/add';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import { formatNumber } from '../../../i18n/format';
import {
  emptyQuestion,
  formMaxMarks,
  importedToQuestions,
  isBlankQuestion,
  QUESTIONS_MAX,
  withImported,
  type PaperFormValues,
} from '../lib/paper-form';
import { QuestionEditor } from './question-editor';

// The import dialog brings the preview along; most edits never open it.
const ImportQuestionsDialog = lazy(() => import('./import-questions-dialog').then((m) => ({ default: m.ImportQuestionsDialog })));

/** "12 questions · 15 marks": watched on its own, so typing in one question redraws only this line. */
function QuestionsSummary() {
  const questions = useWatch<PaperFormValues, 'questions'>({ name: 'questions' });
  return (
    <Typography sx={{ color: 'text.secondary' }}>
      {t('papersEditor.questionsSummary', { count: questions.length, marks: formatNumber(formMaxMarks(questions)) })}
    </Typography>
  );
}

interface QuestionListEditorProps {
  started: boolean;
  paperId: string | null;
}

/** The paper's questions in order: add, move, remove, and import from a CSV or Excel sheet. */
export function QuestionListEditor({ started, paperId }: QuestionListEditorProps) {
  const { control, getValues } = useFormContext<PaperFormValues>();
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'questions' });
  const [importing, setImporting] = useState(false);
  const addImported = (rows: ImportedQuestion[]) => {
    replace(withImported(getValues('questions'), importedToQuestions(rows)));
    setImporting(false);
  };

  return (
    <Box component="section" aria-labelledby="paper-questions-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="paper-questions-heading" variant="h6" component="h2" sx={{ fontWeight: 700, color: 'secondary.main' }}>
            {t('papersEditor.questionsHeading')}
          </Typography>
          <QuestionsSummary />
        </Box>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)} disabled={started}>
          {t('papers.import')}
        </Button>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {fields.map((field, index) => (
          <QuestionEditor
            key={field.id}
            index={index}
            count={fields.length}
            started={started}
            paperId={paperId}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
      </Box>
      <Button
        variant="outlined"
        startIcon={<Add />}
        onClick={() => append(emptyQuestion(), { shouldFocus: true, focusName: `questions.${fields.length}.text` })}
        disabled={started || fields.length >= QUESTIONS_MAX}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('papersEditor.addQuestion')}
      </Button>
      {importing && (
        <Suspense fallback={null}>
          <ImportQuestionsDialog keptCount={getValues('questions').filter((question) => !isBlankQuestion(question)).length} onAdd={addImported} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}
