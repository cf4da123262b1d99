import { formatDateTime } from '../../../i18n/format';
import { t } from 'i18next';
import { STUDENT_DEFAULT_PAGE_SIZE, type DeletedStudent } from '@academy/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDeletedStudentsQuery } from '../api/get-deleted-students';
import { useRestoreStudentMutation } from '../api/restore-student';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { failureText } from '../../../lib/failure-alerts';

interface DeletedStudentsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Deleted students, newest first, each with Restore (deletes are soft). */
export function DeletedStudentsDialog({ open, onClose }: DeletedStudentsDialogProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const settledSearch = useDebouncedValue(search.trim(), 300);
  const query = useDeletedStudentsQuery(
    { search: settledSearch || undefined, page: page + 1, pageSize: STUDENT_DEFAULT_PAGE_SIZE },
    open,
  );
  const restore = useRestoreStudentMutation();
  // Shown inside the dialog: a pop-up alert over a dialog that closes first would hide the page
  // from screen readers (see student-list-page).
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const onRestore = (student: DeletedStudent) =>
    restore.mutate(student._id, {
      onSuccess: (answer) => setOutcome({ ok: true, text: `${answer.message}: ${answer.data.name}` }),
      onError: (error) =>
        setOutcome({ ok: false, text: failureText(error) }),
    });

  const close = () => {
    setOutcome(null);
    onClose();
  };

  const rows = query.data?.data ?? [];
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="deleted-students-title">
      <DialogTitle id="deleted-students-title">{t('students.list.deletedStudents')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          size="small"
          type="search"
          label={t('general.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          fullWidth
          sx={{ mb: 1 }}
        />
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'warning'} onClose={() => setOutcome(null)} sx={{ mb: 1 }}>
            {outcome.text}
          </Alert>
        )}
        {/* A refetch (after a restore) shows its bar in space kept for it and leaves the list as it
            was until the answer comes: nothing under the pointer moves while the dialog is used. */}
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
        {rows.length === 0 && !query.isPending ? (
          <Typography sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>{t('students.list.noDeleted')}</Typography>
        ) : (
          <List>
            {rows.map((student) => (
              // The button beside the text where both fit, under it on a phone: the Sinhala label is
              // too long to sit over the text's right edge.
              <ListItem key={student._id} divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
                <ListItemText
                  sx={{ flex: '1 1 260px', minWidth: 0 }}
                  primary={`${student.name} · ${student.regNo}`}
                  secondary={`${student.email} · ${student.batch} ${student.classType} · ${t('students.list.deletedOn', { date: formatDateTime(student.deletedAt) })}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Button size="small" variant="outlined" disabled={restore.isPending} onClick={() => onRestore(student)} aria-label={t('students.list.restoreAria', { name: student.name })}>
                  {t('students.list.restore')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <TablePagination
            component="div"
            count={query.data?.paging.total ?? 0}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={STUDENT_DEFAULT_PAGE_SIZE}
            rowsPerPageOptions={[]}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('general.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
