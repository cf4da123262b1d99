import { t } from 'i18next';
import type { MyScript } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/icons/download';
import { formatNumber } from '../../../i18n/format';
import { failureText } from '../../../lib/failure-alerts';
import { downloadMarkedScript } from '../api/script-mine';
import { ScriptPageView } from './script-page-view';

/** The student's marks per question, the written total and the marker's comment. */
function WrittenMarks({ script }: { script: MyScript }) {
  const marks = script.marks ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {t('answerScripts.yourWrittenMarks')}
      </Typography>
      <Table size="small" aria-label={t('answerScripts.marksPerQuestion')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('answerScripts.question')}</TableCell>
            <TableCell align="right">{t('papersResults.marks')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {marks.map((question) => (
            <TableRow key={question.questionId}>
              <TableCell>{question.label}</TableCell>
              <TableCell align="right">
                {t('papersResults.marksOf', { marks: question.marks === null ? '–' : formatNumber(question.marks), max: formatNumber(question.maxMarks) })}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('answerScripts.writtenMarks')}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {t('papersResults.marksOf', { marks: formatNumber(script.writtenMarks ?? 0), max: formatNumber(script.writtenMaxMarks ?? 0) })}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {script.comment && (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('answerScripts.comment')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{script.comment}</Typography>
        </Box>
      )}
    </Paper>
  );
}

/** Download marked script (PDF): the pages with the marks flattened on them, as one file. */
function DownloadButton({ paperId, title }: { paperId: string; title: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      await downloadMarkedScript(paperId, `${title} ${t('answerScripts.markedFile')}.pdf`);
    } catch (failure) {
      setError(failure instanceof Error ? failure : new Error(String(failure)));
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
        disabled={pending}
        aria-busy={pending}
        onClick={() => void download()}
      >
        {t('answerScripts.downloadMarkedScript')}
      </Button>
      {error && <Alert severity="error">{failureText(error)}</Alert>}
    </Box>
  );
}

/**
 * What a student handed in, and once the results are out their pages back with the marks drawn on
 * them, the marks per question and the marked script as one PDF.
 */
export function ScriptReturned({ paperId, script, title }: { paperId: string; script: MyScript; title: string }) {
  const released = script.released && script.marks !== undefined;
  return (
    <Box component="section" aria-labelledby="returned-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="returned-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {released ? t('answerScripts.markedScript') : t('answerScripts.whatYouHandedIn')}
      </Typography>
      {!released && <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.marksLater')}</Typography>}
      {released && <WrittenMarks script={script} />}
      {released && <DownloadButton paperId={paperId} title={title} />}
      <Box component="ol" aria-label={t('answerScripts.handedInPages')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {script.pages.map((page) => (
          <Box component="li" key={page.id} sx={{ maxWidth: released ? 900 : 360 }}>
            <ScriptPageView paperId={paperId} page={page} shapes={released ? (page.annotations ?? []) : []} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
