import type { ProfileLabel } from '../lib/profile-fields';
import { listOptions } from './list-options';
import { t } from 'i18next';
import { BATCHES, CLASS_TYPES, DISTRICTS, HISTORY_TYPES, type Student, type UpdateStudentBody } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmPasswordDialog, passwordRefusal } from '../../../components/confirm-password-dialog';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useUpdateStudentMutation } from '../api/update-student';
import { showFailure } from '../../../lib/failure-alerts';

type EditableField = 'name' | 'email' | 'whatsAppNo' | 'additionalNo' | 'district' | 'scl' | 'address' | 'batch' | 'classType' | 'historyType' | 'studentIdImg';
type Values = Record<EditableField, string>;

const FIELDS: { name: EditableField; label: ProfileLabel; list?: 'classType' | 'district' | 'history' | null; options?: readonly string[]; wide?: boolean }[] = [
  { name: 'name', label: 'students.profile.fullName' },
  { name: 'email', label: 'students.profile.email' },
  { name: 'whatsAppNo', label: 'students.profile.whatsAppNo' },
  { name: 'additionalNo', label: 'students.profile.additionalNo' },
  { name: 'batch', label: 'students.profile.batch', list: null, options: BATCHES },
  { name: 'classType', label: 'students.profile.classType', list: 'classType', options: CLASS_TYPES },
  { name: 'historyType', label: 'students.profile.historyType', list: 'history', options: HISTORY_TYPES },
  { name: 'studentIdImg', label: 'students.profile.studentId' },
  { name: 'district', label: 'students.profile.district', list: 'district', options: DISTRICTS },
  { name: 'scl', label: 'students.profile.school' },
  { name: 'address', label: 'students.profile.address', wide: true },
];

function valuesOf(student: Student): Values {
  return Object.fromEntries(FIELDS.map(({ name }) => [name, student[name]])) as Values;
}

interface StudentEditDialogProps {
  student: Student | null;
  onClose: () => void;
}

/** The list's edit icon: an admin changes any field, batch, class type and e-mail included. */
export function StudentEditDialog({ student, onClose }: StudentEditDialogProps) {
  // The success alert waits until the dialog has finished closing (see student-list-page).
  const saved = useRef(false);
  const onExited = () => {
    if (saved.current) void alerts.success({ title: t('alert.updatingSuccess'), autoClose: true });
    saved.current = false;
  };
  const onSaved = () => {
    saved.current = true;
    onClose();
  };
  return (
    <Dialog
      open={Boolean(student)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-student-title"
      slotProps={{ transition: { onExited } }}
    >
      {/* Keyed by student, so the form starts from that student's values each time it opens. */}
      {student && <EditForm key={student._id} student={student} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditForm({ student, onClose, onSaved }: { student: Student; onClose: () => void; onSaved: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(student));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  // A new e-mail address moves the student's reset codes: the admin's password is asked first (ASVS 3.7.1).
  const [askingPassword, setAskingPassword] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useUpdateStudentMutation();

  const save = (password?: string) => {
    setFieldErrors({});
    mutation.mutate(
      { id: student._id, body: { ...(values as UpdateStudentBody), password } },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const wrong = passwordRefusal(error);
          if (wrong) return setRefusal(wrong);
          setAskingPassword(false);
          if (error instanceof ApiError) setFieldErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
          showFailure(t('alert.updatingFail'), error);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.email === student.email) return save();
    setRefusal(null);
    setAskingPassword(true);
  };

  // The password dialog sits beside the form, not in it: its own submit must not reach this form's.
  return (
    <>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="edit-student-title">{t('students.list.editStudent')}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {FIELDS.map(({ name, label, list, options, wide }) => (
              <TextField
                key={name}
                name={name}
                label={t(label)}
                value={values[name]}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
                select={Boolean(options)}
                multiline={wide}
                rows={wide ? 3 : undefined}
                error={Boolean(fieldErrors[name])}
                helperText={fieldErrors[name]}
                sx={wide ? { gridColumn: { sm: '1 / -1' } } : undefined}
                fullWidth
              >
                {options && listOptions(list ?? null, options)}
              </TextField>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('general.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('general.save')}
          </Button>
        </DialogActions>
      </Box>
      <ConfirmPasswordDialog
        open={askingPassword}
        text={t('students.list.confirmEmailChange', { name: student.name, email: values.email })}
        action={t('general.save')}
        pending={mutation.isPending}
        error={refusal}
        onCancel={() => setAskingPassword(false)}
        onConfirm={save}
      />
    </>
  );
}
