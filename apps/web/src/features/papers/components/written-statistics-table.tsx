import { t } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { useWrittenStatisticsQuery } from '../api/script-marking';

function figure(value: number | null): string {
  return value === null ? '–' : formatNumber(value);
}

/** The written questions' figures for the tutor: how many were marked, the average, the highest and the lowest. */
export function WrittenStatisticsTable({ paperId }: { paperId: string }) {
  const query = useWrittenStatisticsQuery(paperId, true);
  if (query.error) return <Alert severity="error">{failureText(query.error)}</Alert>;
  if (!query.data) return <Skeleton variant="rounded" height={120} aria-label={t('general.loading')} />;
  const { scripts, marked, questions } = query.data;
  return (
    <Box component="section" aria-labelledby="written-statistics-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 3 }}>
      <Typography id="written-statistics-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('answerScripts.writtenPart')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.scriptsMarkedOf', { marked: formatNumber(marked), scripts: formatNumber(scripts) })}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('answerScripts.writtenStatistics')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('answerScripts.question')}</TableCell>
              <TableCell align="right">{t('papersResults.marks')}</TableCell>
              <TableCell align="right">{t('answerScripts.markedCount')}</TableCell>
              <TableCell align="right">{t('answerScripts.average')}</TableCell>
              <TableCell align="right">{t('answerScripts.highest')}</TableCell>
              <TableCell align="right">{t('answerScripts.lowest')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {questions.map((question) => (
              <TableRow key={question.id}>
                <TableCell>{question.label}</TableCell>
                <TableCell align="right">{formatNumber(question.maxMarks)}</TableCell>
                <TableCell align="right">{formatNumber(question.marked)}</TableCell>
                <TableCell align="right">{figure(question.mean)}</TableCell>
                <TableCell align="right">{figure(question.highest)}</TableCell>
                <TableCell align="right">{figure(question.lowest)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
