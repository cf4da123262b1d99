import { t } from 'i18next';
import { PAPER_IMPORT_COLUMNS, PAPER_IMPORT_MAX_BYTES, type ImportedQuestion, type PaperImportAnswer } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import { sinhalaFonts } from '../../../i18n/setup';
import { failureText } from '../../../lib/failure-alerts';
import { useImportQuestionsMutation } from '../api/import-questions';
import { QUESTIONS_MAX } from '../lib/paper-form';
import type { XlsxProblem } from '../lib/xlsx-to-csv';
import { ImportPreviewTable } from './import-preview-table';

const ACCEPTED = ['.csv', 'text/csv', '.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].join(',');

const SHEET_PROBLEMS = {
  'too-large': 'papersEditor.import.xlsxTooLarge',
  'too-large-unpacked': 'papersEditor.import.xlsxTooLargeUnpacked',
  'not-xlsx': 'papersEditor.import.xlsxNotWorkbook',
  unreadable: 'papersEditor.import.xlsxUnreadable',
} as const satisfies Record<XlsxProblem, string>;

function isSheet(file: File): boolean {
  return /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

/**
 * An Excel sheet as the CSV the server reads: turned in this tab, so the server never unpacks an
 * archive from the outside (papers-build-plan.md, section 4). The reader is fetched only now.
 */
async function sheetAsCsv(file: File): Promise<File | XlsxProblem> {
  const { xlsxToCsv, XlsxError } = await import('../lib/xlsx-to-csv');
  try {
    const csv = xlsxToCsv(new Uint8Array(await file.arrayBuffer()));
    return new File([csv], file.name.replace(/\.xlsx$/i, '') + '.csv', { type: 'text/csv' });
  } catch (error) {
    if (error instanceof XlsxError) return error.problem;
    throw error;
  }
}

interface ImportQuestionsDialogProps {
  /** Questions the paper keeps besides the imported ones (an empty one is replaced). */
  keptCount: number;
  onAdd: (questions: ImportedQuestion[]) => void;
  onClose: () => void;
}

/**
 * Import in the paper editor (docs/papers.md, 'Importing questions'): a CSV (UTF-8) or an
 * Excel sheet, read by the server row by row, shown as the questions will look with every refused
 * row and its reasons; the good rows are added to the editor, where they can still be changed.
 */
export function ImportQuestionsDialog({ keptCount, onAdd, onClose }: ImportQuestionsDialogProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const importing = useImportQuestionsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PaperImportAnswer['data'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setProblem(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    const sheet = isSheet(chosen);
    if (chosen.size > PAPER_IMPORT_MAX_BYTES) {
      setProblem(sheet ? t(SHEET_PROBLEMS['too-large']) : t('server.importTooLarge'));
      return;
    }
    setReading(true);
    try {
      const csv = sheet ? await sheetAsCsv(chosen) : chosen;
      if (typeof csv === 'string') setProblem(t(SHEET_PROBLEMS[csv]));
      else {
        const answer = await importing.mutateAsync(csv);
        // Rows drawn before the Sinhala web font arrives can stay empty boxes: the preview waits for it (a little).
        await sinhalaFonts();
        setPreview(answer.data);
      }
    } catch (error) {
      setProblem(failureText(error as Error));
    } finally {
      setReading(false);
    }
  };

  const good = preview?.questions.length ?? 0;
  const total = keptCount + good;
  const tooMany = total > QUESTIONS_MAX;

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" scroll="paper" aria-labelledby="import-questions-title">
      <DialogTitle id="import-questions-title">{t('papersEditor.import.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">{t('papersEditor.import.help', { columns: PAPER_IMPORT_COLUMNS.join(', '), max: QUESTIONS_MAX })}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('papersEditor.import.sinhalaHint')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={reading}>
            {t('papersEditor.import.chooseFile')}
            <input hidden type="file" accept={ACCEPTED} onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }} />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file?.name ?? t('papersEditor.import.noFile')}
          </Typography>
        </Box>
        {reading && <LinearProgress aria-label={t('papersEditor.import.reading')} />}
        {problem && <Alert severity="error">{problem}</Alert>}
        {preview && <ImportPreviewTable preview={preview} />}
        {preview && tooMany && <Alert severity="warning">{t('papersEditor.import.tooMany', { count: total, max: QUESTIONS_MAX })}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        <Button variant="contained" disabled={!preview || good === 0 || tooMany} onClick={() => preview && onAdd(preview.questions)}>
          {t('papersEditor.import.add', { count: good })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
