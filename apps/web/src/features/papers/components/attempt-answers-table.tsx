import { t } from 'i18next';
import type { PaperAttempt } from '@academy/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { tableAsCards } from '../../../components/table-as-cards';
import { attemptTime } from '../lib/attempt-time';
import { optionLetter } from '../lib/option-letter';

type AttemptQuestion = PaperAttempt['questions'][number];

function outcome(question: AttemptQuestion): string {
  if (question.dropped) return t('papersResults.dropped');
  if (question.optionId === null) return t('papersResults.unanswered');
  return question.options.find((option) => option.id === question.optionId)?.isKey ? t('papersResults.right') : t('papersResults.wrong');
}

function answerText(question: AttemptQuestion): string {
  const index = question.options.findIndex((option) => option.id === question.optionId);
  const option = question.options[index];
  return option ? `${optionLetter(index)}. ${option.text}` : '–';
}

/** What the server holds for each question, in the student's order, options lettered as they saw them. */
export function AttemptAnswersTable({ questions }: { questions: PaperAttempt['questions'] }) {
  const columns = {
    number: t('papersResults.columnQuestion'),
    answer: t('papersResults.columnAnswer'),
    result: t('papersResults.columnResult'),
    savedAt: t('papersResults.columnSavedAt'),
  };
  return (
    <Table size="small" aria-label={t('papersResults.answers')} sx={tableAsCards('.attempt-question')}>
      <TableHead>
        <TableRow>
          {Object.values(columns).map((label) => (
            <TableCell key={label}>{label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {questions.map((question) => (
          <TableRow key={question.id}>
            <TableCell className="attempt-question" sx={{ maxWidth: 320 }}>
              <strong>{question.number}.</strong>{' '}
              <span title={question.text} style={{ overflowWrap: 'anywhere' }}>
                {question.text.length > 120 ? `${question.text.slice(0, 120)}…` : question.text}
              </span>
            </TableCell>
            <TableCell data-label={columns.answer} sx={{ overflowWrap: 'anywhere' }}>
              {answerText(question)}
            </TableCell>
            <TableCell data-label={columns.result}>{outcome(question)}</TableCell>
            <TableCell data-label={columns.savedAt}>{question.savedAt ? attemptTime(question.savedAt) : '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
