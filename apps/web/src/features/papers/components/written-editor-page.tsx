import { t } from 'i18next';
import { WRITTEN_LIMITS, type WrittenBody, type WrittenPart } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AddIcon } from '../../../components/icons/add';
import { ArrowBackIcon } from '../../../components/icons/arrow-back';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined';
import { SaveOutlinedIcon } from '../../../components/icons/save-outlined';
import { LinkButton } from '../../../components/link-button';
import { formatNumber } from '../../../i18n/format';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-alerts';
import { usePaperQuery } from '../api/get-paper';
import { PaperLoading } from './paper-loading';
import { PaperUnavailable } from './paper-unavailable';
import { useSaveWrittenMutation, useWrittenQuery } from '../api/written-part';
import { WrittenSheetField } from './written-sheet-field';

interface QuestionRow {
  id?: string;
  label: string;
  maxMarks: string;
}

function rowsOf(written: WrittenPart | null): QuestionRow[] {
  if (!written) return [{ label: 'Q1', maxMarks: '10' }];
  return written.questions.map((question) => ({ id: question.id, label: question.label, maxMarks: String(question.maxMarks) }));
}

/** The body as typed: marks that are not numbers go as they are, for the server to name. */
function bodyOf(rows: readonly QuestionRow[], grace: string): WrittenBody {
  return {
    questions: rows.map((row) => ({ ...(row.id ? { id: row.id } : {}), label: row.label, maxMarks: Number(row.maxMarks) })),
    graceMinutes: Number(grace),
  };
}

function WrittenEditor({ paperId, title, written }: { paperId: string; title: string; written: WrittenPart | null }) {
  const [rows, setRows] = useState<QuestionRow[]>(() => rowsOf(written));
  const [grace, setGrace] = useState(String(written?.graceMinutes ?? WRITTEN_LIMITS.graceMinutesDefault));
  const save = useSaveWrittenMutation(paperId);
  const problem = (field: string) => (save.error instanceof ApiError ? save.error.fieldMessage(field) : undefined);
  const total = rows.reduce((sum, row) => sum + (Number.isInteger(Number(row.maxMarks)) ? Number(row.maxMarks) : 0), 0);
  const change = (index: number, values: Partial<QuestionRow>) => setRows((shown) => shown.map((row, at) => (at === index ? { ...row, ...values } : row)));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(bodyOf(rows, grace));
      }}
      sx={{ maxWidth: 860, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <LinkButton to={`/papers/${encodeURIComponent(paperId)}`} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('papersResults.backToPaper')}
      </LinkButton>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {t('answerScripts.writtenPart')}
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="written-questions-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography id="written-questions-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('answerScripts.writtenQuestions')}
          </Typography>
          {rows.map((row, index) => (
            <Box key={row.id ?? `new-${index}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('answerScripts.questionLabel', { number: index + 1 })}
                value={row.label}
                onChange={(event) => change(index, { label: event.target.value })}
                error={Boolean(problem(`questions.${index}.label`))}
                helperText={problem(`questions.${index}.label`)}
                slotProps={{ htmlInput: { maxLength: WRITTEN_LIMITS.labelMax } }}
                sx={{ flex: 2 }}
              />
              <TextField
                label={t('answerScripts.maxMarksOf', { number: index + 1 })}
                value={row.maxMarks}
                onChange={(event) => change(index, { maxMarks: event.target.value })}
                error={Boolean(problem(`questions.${index}.maxMarks`))}
                helperText={problem(`questions.${index}.maxMarks`) ?? t('answerScripts.maxMarksRule', { max: WRITTEN_LIMITS.maxMarksMax })}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={t('answerScripts.removeQuestion', { number: index + 1 })}
                disabled={rows.length <= WRITTEN_LIMITS.questionsMin}
                onClick={() => setRows((shown) => shown.filter((_, at) => at !== index))}
                sx={{ mt: 1 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          ))}
          <Button
            startIcon={<AddIcon />}
            disabled={rows.length >= WRITTEN_LIMITS.questionsMax}
            onClick={() => setRows((shown) => [...shown, { label: `Q${shown.length + 1}`, maxMarks: '10' }])}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('answerScripts.addQuestion')}
          </Button>
          <Typography sx={{ fontWeight: 600 }}>{t('answerScripts.writtenTotal', { marks: formatNumber(total) })}</Typography>
        </Box>
        <TextField
          label={t('answerScripts.uploadGrace')}
          value={grace}
          onChange={(event) => setGrace(event.target.value)}
          error={Boolean(problem('graceMinutes'))}
          helperText={problem('graceMinutes') ?? t('answerScripts.graceRule', { max: WRITTEN_LIMITS.graceMinutesMax })}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          sx={{ maxWidth: 320 }}
        />
        {save.error && <Alert severity="error">{failureText(save.error)}</Alert>}
        {save.isSuccess && <Alert severity="success">{t('answerScripts.writtenSaved')}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={save.isPending}
          aria-busy={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveOutlinedIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('answerScripts.saveWritten')}
        </Button>
        {written ? <WrittenSheetField paperId={paperId} sheet={written.sheet} /> : <Typography sx={{ color: 'text.secondary' }}>{t('answerScripts.sheetAfterSave')}</Typography>}
      </Paper>
    </Box>
  );
}

/** #/papers/{id}/written/edit (admin): the written questions and their marks, the upload grace and the question sheet. */
export function WrittenEditorPage() {
  const { paperId = '' } = useParams();
  const paper = usePaperQuery(paperId);
  const written = useWrittenQuery(paperId);
  const error = paper.error ?? written.error;
  if (error) return <PaperUnavailable error={error} />;
  if (!paper.data || written.data === undefined) return <PaperLoading />;
  return <WrittenEditor paperId={paperId} title={paper.data.paper.title} written={written.data} />;
}
