import { t } from 'i18next';
import type { WrittenPart } from '@academy/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';

/** The written questions and their marks, as one line each: 'Q1 · 10 marks'. */
export function WrittenQuestions({ written }: { written: WrittenPart }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        {t('answerScripts.writtenSummary', { count: written.questions.length, marks: formatNumber(written.maxMarks) })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 } }}>
        {written.questions.map((question) => (
          <Typography component="li" key={question.id} variant="body2">
            {t('answerScripts.questionMarks', { label: question.label, count: question.maxMarks })}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
