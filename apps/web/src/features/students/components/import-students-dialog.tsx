import { formatNumber } from '../../../i18n/format';
import { translateServerMessage } from '../../../i18n/server-text';
import { t } from 'i18next';
import { PASSWORD_MIN_LENGTH, STUDENT_IMPORT_MAX_BYTES, STUDENT_IMPORT_MAX_ROWS, STUDENT_IMPORT_REQUIRED_COLUMNS, type ImportAnswer } from '@academy/contract';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useImportStudentsMutation } from '../api/import-students';

interface ImportStudentsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** CSV import { formatNumber } from '../../../i18n/format';
import with the per-row report: who was added (with regNo) and who was refused, and why. */
import { failureText } from '../../../lib/failure-alerts';
export function ImportStudentsDialog({ open, onClose }: ImportStudentsDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportAnswer['data'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useImportStudentsMutation();

  const close = () => {
    setFile(null);
    setReport(null);
    setProblem(null);
    onClose();
  };

  const choose = (chosen: File | undefined) => {
    setReport(null);
    setProblem(chosen && chosen.size > STUDENT_IMPORT_MAX_BYTES ? t('server.importTooLarge') : null);
    setFile(chosen ?? null);
  };

  const upload = () => {
    if (!file) return;
    mutation.mutate(file, {
      onSuccess: (answer) => setReport(answer.data),
      onError: (error) => setProblem(failureText(error)),
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-students-title">
      <DialogTitle id="import-students-title">{t('students.importer.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          A CSV file (up to {STUDENT_IMPORT_MAX_ROWS} students) whose first line names the columns. Required:{' '}
          {STUDENT_IMPORT_REQUIRED_COLUMNS.join(', ')}. Optional: additionalNo, scl, address, studentIdImg, password (at least{' '}
          {PASSWORD_MIN_LENGTH} characters). A row without a password gets a temporary one, shown below once: hand it over
          soon, as it stops working after a few days (7 unless the portal is set otherwise), and the student chooses their
          own at first sign-in. Refused rows are not added; the others are added together.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />}>
            {t('students.importer.chooseFile')}
            <input hidden type="file" accept=".csv,text/csv" onChange={(event) => choose(event.target.files?.[0])} />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file?.name ?? t('students.importer.noFile')}
          </Typography>
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {report && <ImportReport report={report} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('general.close')}</Button>
        <Button variant="contained" onClick={upload} disabled={!file || Boolean(problem) || mutation.isPending}>
          {t('students.importer.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ImportReport({ report }: { report: ImportAnswer['data'] }) {
  return (
    <Box sx={{ mt: 2, overflowX: 'auto' }}>
      <Alert severity={report.refused.length ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {t('students.importer.summary', { added: formatNumber(report.added.length), refused: formatNumber(report.refused.length) })}
      </Alert>
      {report.added.length > 0 && (
        <Table size="small" aria-label={t('students.importer.added')} sx={{ mb: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('students.importer.row')}</TableCell>
              <TableCell>{t('students.list.columns.name')}</TableCell>
              <TableCell>{t('students.list.columns.email')}</TableCell>
              <TableCell>{t('students.list.columns.regNo')}</TableCell>
              <TableCell>{t('students.importer.temporaryPassword')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.added.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{row.regNo}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{row.temporaryPassword ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {report.refused.length > 0 && (
        <Table size="small" aria-label={t('students.importer.refused')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('students.importer.row')}</TableCell>
              <TableCell>{t('students.list.columns.email')}</TableCell>
              <TableCell>{t('students.importer.reasons')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.refused.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{row.reasons.map(translateServerMessage).join('; ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
