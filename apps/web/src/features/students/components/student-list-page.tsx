import { t } from 'i18next';
import { STUDENT_DEFAULT_PAGE_SIZE, STUDENT_PAGE_SIZES, type Student } from '@academy/contract';
import { RestoreFromTrashIcon as RestoreFromTrash } from '../../../components/icons/restore-from-trash';
import { UploadFileIcon as UploadFile } from '../../../components/icons/upload-file';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { passwordRefusal } from '../../../components/confirm-password-dialog';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ListPagination } from '../../../components/list-pagination';
import { tableAsCards } from '../../../components/table-as-cards';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useDeleteStudentMutation } from '../api/delete-student';
import { useStudentsQuery } from '../api/get-students';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DeleteStudentDialog } from './delete-student-dialog';
import { DeletedStudentsDialog } from './deleted-students-dialog';
import { ExportStudentsButton } from './export-students-button';
import { ImportStudentsDialog } from './import-students-dialog';
import { NO_FILTERS, StudentFilters, type StudentFilterValues } from './student-filters';
import { StudentEditDialog } from './student-edit-dialog';
import { StudentProfileModal } from './student-profile-modal';
import { STUDENT_COLUMNS, StudentRow } from './student-row';
import { translateServerMessage } from '../../../i18n/server-text';

/** On a phone the table reads as one card per student, the actions across it; wider screens get the spec's table. */
const TABLE_SX = { minWidth: { md: 1000 }, ...tableAsCards('.student-actions') } as const;

interface StudentListPageProps {
  /** Another feature's panel for the profile modal (composed in src/app), given the student's id. */
  profileExtra?: (studentId: string) => ReactNode;
}

/** Student List at /students (spec section 2), with search, filters, paging, CSV and deleted students. */
export function StudentListPage({ profileExtra }: StudentListPageProps) {
  const [filters, setFilters] = useState<StudentFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(STUDENT_DEFAULT_PAGE_SIZE);
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Student | null>(null);
  const [deleting, setDeleting] = useState<Student | null>(null);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const [showImport, setShowImport] = useState(false);
  // SweetAlert2 and MUI dialogs both hide the rest of the page from screen readers and each restores
  // what it saw; an alert opened while a dialog is still closing would leave the page hidden. So the
  // delete outcome is shown once the confirmation has finished closing.
  const alertAfterClose = useRef<(() => void) | null>(null);

  const search = useDebouncedValue(filters.search.trim(), 300);
  const filter = {
    search: search || undefined,
    batch: filters.batch || undefined,
    classType: filters.classType || undefined,
    state: filters.state || undefined,
  };
  const query = useStudentsQuery({ ...filter, page: page + 1, pageSize });
  if (query.error) console.error('Student list load failed', query.error);
  const deleteMutation = useDeleteStudentMutation();

  const changeFilters = (next: StudentFilterValues) => {
    setFilters(next);
    setPage(0);
  };

  const askDelete = (student: Student) => {
    setDeleteRefusal(null);
    setDeleting(student);
  };
  // Spec section 8 'Delete student': the server's message, as success or warning; an exception as
  // error. A wrong password stays in the dialog for another try.
  const confirmDelete = (student: Student, password: string) =>
    deleteMutation.mutate(
      { id: student._id, password },
      {
        onSuccess: (answer) => {
          alertAfterClose.current = () => void alerts.info({ title: translateServerMessage(answer.message), text: t('approvals.requested') });
          setDeleting(null);
        },
        onError: (error) => {
          const wrong = passwordRefusal(error);
          if (wrong) return setDeleteRefusal(wrong);
          alertAfterClose.current = () =>
            error instanceof ApiError
              ? void alerts.warning({ title: error.message })
              : void alerts.error({ title: t('alert.somethingWentWrongBang') });
          setDeleting(null);
        },
      },
    );
  const showQueuedAlert = () => {
    alertAfterClose.current?.();
    alertAfterClose.current = null;
  };

  const rows = query.data?.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('students.list.title')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ExportStudentsButton filter={filter} />
          <Button variant="outlined" size="small" startIcon={<UploadFile />} onClick={() => setShowImport(true)}>
            {t('students.list.importCsv')}
          </Button>
          <Button variant="outlined" size="small" startIcon={<RestoreFromTrash />} onClick={() => setShowDeleted(true)}>
            {t('students.list.deletedStudents')}
          </Button>
        </Box>
      </Box>
      <StudentFilters values={filters} onChange={changeFilters} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {query.isFetching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={t('students.list.students')} sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                {STUDENT_COLUMNS.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    {t(`students.list.columns.${column}`)}
                  </TableCell>
                ))}
                <TableCell sx={{ fontWeight: 700 }}>
                  <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('students.list.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((student) => (
                <StudentRow
                  key={student._id}
                  student={student}
                  onDelete={askDelete}
                  onEdit={setEditing}
                  onView={(s) => setViewing(s._id)}
                />
              ))}
              {rows.length === 0 && !query.isFetching && <EmptyTableRow columns={STUDENT_COLUMNS.length + 1} text={t('students.list.noStudents')} />}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          count={query.data?.paging.total ?? 0}
          page={page}
          pageSize={pageSize}
          pageSizes={STUDENT_PAGE_SIZES}
          onPage={setPage}
          onPageSize={setPageSize}
        />
      </Paper>
      <StudentProfileModal studentId={viewing} onClose={() => setViewing(null)} extra={viewing ? profileExtra?.(viewing) : undefined} />
      <StudentEditDialog student={editing} onClose={() => setEditing(null)} />
      <DeleteStudentDialog
        student={deleting}
        pending={deleteMutation.isPending}
        error={deleteRefusal}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        onExited={showQueuedAlert}
      />
      <DeletedStudentsDialog open={showDeleted} onClose={() => setShowDeleted(false)} />
      <ImportStudentsDialog open={showImport} onClose={() => setShowImport(false)} />
    </Box>
  );
}
