import { t } from 'i18next';
import { oppositeState, type Student } from '@academy/contract';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons/delete-outlined';
import { EditOutlinedIcon as EditOutlined } from '../../../components/icons/edit-outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmPasswordDialog, passwordRefusal } from '../../../components/confirm-password-dialog';
import { listLabel } from '../../../i18n/list-labels';
import { useUpdateStudentStateMutation } from '../api/update-student-state';
import { CopyEmailButton } from './copy-email-button';

interface StudentRowProps {
  student: Student;
  onDelete: (student: Student) => void;
  onEdit: (student: Student) => void;
  onView: (student: Student) => void;
}

/** Spec section 2's six columns, in order; on a phone each cell shows its column name above it. */
export const STUDENT_COLUMNS = ['name', 'batch', 'classType', 'email', 'whatsAppNo', 'regNo'] as const;

function column(name: (typeof STUDENT_COLUMNS)[number]): string {
  return t(`students.list.columns.${name}`);
}

/** One row of the Student List: the spec's six columns, then the state switch and the actions. */
export function StudentRow({ student, onDelete, onEdit, onView }: StudentRowProps) {
  const stateMutation = useUpdateStudentStateMutation();
  const active = student.accountState === 'active';
  const [askingSuspend, setAskingSuspend] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  // Spec section 4: the switch sends the opposite state; a failure is only logged (section 8).
  // Suspending asks the admin's password first (ASVS 3.7.1); a wrong one stays in the dialog.
  const changeState = (password?: string) =>
    stateMutation.mutate(
      { id: student._id, state: oppositeState(student.accountState), password },
      {
        onSuccess: () => setAskingSuspend(false),
        onError: (error) => {
          const wrong = password === undefined ? null : passwordRefusal(error);
          if (wrong) return setRefusal(wrong);
          setAskingSuspend(false);
          console.error('State update failed', error);
        },
      },
    );
  const toggleState = () => {
    if (!active) return changeState();
    setRefusal(null);
    setAskingSuspend(true);
  };

  return (
    <TableRow hover>
      <TableCell data-label={column('name')} sx={{ fontWeight: 600 }}>
        {student.name}
      </TableCell>
      <TableCell data-label={column('batch')}>{student.batch}</TableCell>
      <TableCell data-label={column('classType')}>{listLabel('classType', student.classType)}</TableCell>
      <TableCell data-label={column('email')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Box component="span" sx={{ overflowWrap: 'anywhere', whiteSpace: { md: 'nowrap' } }}>
            {student.email}
          </Box>
          <CopyEmailButton email={student.email} />
        </Box>
      </TableCell>
      <TableCell data-label={column('whatsAppNo')}>{student.whatsAppNo}</TableCell>
      <TableCell data-label={column('regNo')}>{student.regNo}</TableCell>
      <TableCell padding="none" className="student-actions">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pr: 1 }}>
          <Tooltip title={listLabel('state', student.accountState)}>
            <Switch
              checked={active}
              onChange={toggleState}
              disabled={stateMutation.isPending}
              color="secondary"
              slotProps={{ input: { 'aria-label': t('students.list.activeAria', { name: student.name }) } }}
            />
          </Tooltip>
          <IconButton aria-label={t('students.list.deleteAria', { name: student.name })} onClick={() => onDelete(student)} color="error">
            <DeleteOutlined />
          </IconButton>
          <IconButton aria-label={t('students.list.editAria', { name: student.name })} onClick={() => onEdit(student)}>
            <EditOutlined />
          </IconButton>
          <Button size="small" variant="outlined" onClick={() => onView(student)} aria-label={t('students.list.viewAria', { name: student.name })}>
            {t('students.list.view')}
          </Button>
        </Box>
        <ConfirmPasswordDialog
          open={askingSuspend}
          text={t('students.list.confirmSuspend', { name: student.name })}
          action={t('students.list.suspend')}
          pending={stateMutation.isPending}
          error={refusal}
          onCancel={() => setAskingSuspend(false)}
          onConfirm={changeState}
        />
      </TableCell>
    </TableRow>
  );
}
