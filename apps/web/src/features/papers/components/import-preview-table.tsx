import { t } from 'i18next';
import type { ImportedQuestion, PaperImportAnswer } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CheckCircleIcon as CheckCircle } from '../../../components/icons/check-circle';
import { formatNumber } from '../../../i18n/format';
import { translateServerMessage } from '../../../i18n/server-text';
import { optionLetter } from '../lib/paper-form';

/** One good row as the student will see the question: text, options A–F; and for the tutor the key, marks, explanation. */
function QuestionPreview({ question }: { question: ImportedQuestion }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" label={t('papersEditor.import.row', { row: question.row })} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersEditor.import.marks', { count: question.marks })}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.text}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {question.options.map((option, index) => {
          const key = index === question.correct;
          return (
            <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, fontWeight: key ? 700 : 400 }}>
              <Box component="span" sx={{ minWidth: '1.5em' }}>
                {optionLetter(index)}.
              </Box>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {option}
              </Box>
              {key && (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main', whiteSpace: 'nowrap' }}>
                  <CheckCircle fontSize="small" aria-hidden />
                  {t('papersEditor.correctOption')}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      {question.explanation && (
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {t('papersEditor.import.explanation', { text: question.explanation })}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * What an import read: the refused rows first, each with its row number (the sheet's own) and
 * reasons, then the good rows as they will look in the paper.
 */
export function ImportPreviewTable({ preview }: { preview: PaperImportAnswer['data'] }) {
  const { questions, refused } = preview;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity={refused.length > 0 ? 'warning' : 'success'}>
        {t('papersEditor.import.summary', { good: formatNumber(questions.length), refused: formatNumber(refused.length) })}
      </Alert>
      {refused.length > 0 && (
        <Box component="section" aria-labelledby="import-refused-heading">
          <Typography id="import-refused-heading" variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('papersEditor.import.refusedHeading')}
          </Typography>
          <Box component="ul" aria-labelledby="import-refused-heading" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {refused.map((row) => (
              <Typography component="li" variant="body2" key={row.row} sx={{ overflowWrap: 'anywhere' }}>
                {t('papersEditor.import.refusedRow', { row: row.row, reasons: row.reasons.map(translateServerMessage).join('; ') })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {questions.length > 0 && (
        <Box component="section" aria-labelledby="import-good-heading">
          <Typography id="import-good-heading" variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('papersEditor.import.goodHeading')}
          </Typography>
          <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
            {questions.map((question) => (
              <QuestionPreview key={question.row} question={question} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
