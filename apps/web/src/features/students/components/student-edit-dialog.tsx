import { t } from 'i18next';
import { BATCHES, CLASS_TYPES, DISTRICTS, HISTORY_TYPES, type Student, type UpdateStudentBody } from '@academy/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { alerts } from '../../../lib/alerts';
import { useUpdateStudentMutation } from '../api/update-student';
import { showFailure } from '../lib/student-alerts';

type EditableField = 'name' | 'email' | 'whatsAppNo' | 'additionalNo' | 'district' | 'scl' | 'address' | 'batch' | 'classType' | 'historyType' | 'studentIdImg';
type Values = Record<EditableField, string>;

const FIELDS: { name: EditableField; label: string; options?: readonly string[]; wide?: boolean }[] = [
  { name: 'name', label: 'Full Name' },
  { name: 'email', label: 'Email' },
  { name: 'whatsAppNo', label: 'WhatsApp No' },
  { name: 'additionalNo', label: 'Additional No' },
  { name: 'batch', label: 'Batch', options: BATCHES },
  { name: 'classType', label: 'Class Type', options: CLASS_TYPES },
  { name: 'historyType', label: 'History Type', options: HISTORY_TYPES },
  { name: 'studentIdImg', label: 'Student ID' },
  { name: 'district', label: 'District', options: DISTRICTS },
  { name: 'scl', label: 'School' },
  { name: 'address', label: 'Address', wide: true },
];

function valuesOf(student: Student): Values {
  return Object.fromEntries(FIELDS.map(({ name }) => [name, student[name]])) as Values;
}

interface StudentEditDialogProps {
  student: Student | null;
  onClose: () => void;
}

/** The list's edit icon (issue 3): an admin changes any field, batch, class type and e-mail included. */
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
  const mutation = useUpdateStudentMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    mutation.mutate(
      { id: student._id, body: values as UpdateStudentBody },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError) setFieldErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
          showFailure(t('alert.updatingFail'), error);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogTitle id="edit-student-title">Edit Student</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {FIELDS.map(({ name, label, options, wide }) => (
            <TextField
              key={name}
              name={name}
              label={label}
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
              {options?.map((option) => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}
