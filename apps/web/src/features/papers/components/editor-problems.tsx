import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import type { PaperFormValues } from '../lib/paper-form';
import { flattenErrors, placeOf } from '../lib/paper-form-errors';
import { listedProblemWords } from '../lib/problem-words';
import { questionElementId } from './question-editor';

/** How many problems the list names; the rest are counted, as 150 questions can hold hundreds. */
const LISTED_MAX = 20;

/**
 * Above Save: the server's own sentence when it refused the save, and every refused field,
 * a question's as "Question 4: Option B is required"; choosing one brings its field into view.
 */
export function EditorProblems({ refusal }: { refusal: string | null }) {
  const { setFocus } = useFormContext<PaperFormValues>();
  const { errors, isSubmitted } = useFormState<PaperFormValues>();
  const problems = isSubmitted ? flattenErrors(errors) : [];
  if (!refusal && problems.length === 0) return null;

  const show = (path: string) => {
    const { question } = placeOf(path);
    if (question === null) {
      setFocus(path as FieldPath<PaperFormValues>);
      return;
    }
    const element = document.getElementById(questionElementId(question));
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  };

  return (
    <Alert severity="error" role="alert">
      {refusal && <AlertTitle sx={{ mb: problems.length > 0 ? 1 : 0 }}>{refusal}</AlertTitle>}
      {problems.length > 0 && (
        <>
          {t('papersEditor.fixProblems', { count: problems.length })}
          <Box component="ul" sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {problems.slice(0, LISTED_MAX).map((problem) => (
              <li key={problem.path}>
                <Link component="button" type="button" onClick={() => show(problem.path)} sx={{ textAlign: 'start', verticalAlign: 'baseline' }}>
                  {listedProblemWords(problem)}
                </Link>
              </li>
            ))}
          </Box>
          {problems.length > LISTED_MAX && t('papersEditor.moreProblems', { count: problems.length - LISTED_MAX })}
        </>
      )}
    </Alert>
  );
}
