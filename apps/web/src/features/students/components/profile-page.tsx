import { t } from 'i18next';
import { isAdmin, type Student } from '@academy/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { alerts } from '../../../lib/alerts';
import { readSession } from '../../../lib/session';
import { useStudentQuery } from '../api/get-student';
import { useUpdateStudentMutation } from '../api/update-student';
import { PROFILE_SECTIONS, type ProfileFieldName, type ProfileFieldSpec } from '../lib/profile-fields';
import { showFailure } from '../../../lib/failure-alerts';
import { ChangePasswordCard } from './change-password-card';
import { ProfileField } from './profile-field';
import { ProfilePicture } from './profile-picture';

interface ProfilePageProps {
  /** Admin-only tools for the left column, composed in src/app (folder creation, additional access). */
  adminTools?: ReactNode;
  /** Sections of other features below the profile's own, for every account (e.g. active sessions). */
  accountSections?: ReactNode;
}

/** Profile at /profile (spec section 2): the signed-in account's own profile. */
export function ProfilePage({ adminTools, accountSections }: ProfilePageProps) {
  const session = readSession();
  const query = useStudentQuery(session?.id ?? null);
  if (query.error) console.error('Profile load failed', query.error);
  const student = query.data;
  if (!student) {
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, gap: 3 }}>
        <Skeleton variant="rounded" height={420} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  return (
    <ProfileLayout student={student} adminTools={isAdmin(session?.accountType) ? adminTools : undefined} accountSections={accountSections} />
  );
}

function ProfileLayout({ student, adminTools, accountSections }: { student: Student } & ProfilePageProps) {
  const [editing, setEditing] = useState<ProfileFieldName | null>(null);
  const [draft, setDraft] = useState('');
  const mutation = useUpdateStudentMutation();

  const toggle = (spec: ProfileFieldSpec) => {
    if (spec.locked) return;
    if (editing !== spec.name) {
      setEditing(spec.name);
      setDraft(student[spec.name]);
      return;
    }
    // Only the saved field is sent: the rest are as the server already has them.
    mutation.mutate(
      { id: student._id, body: { [spec.name]: draft } },
      {
        onSuccess: () => {
          setEditing(null);
          void alerts.success({ title: t('alert.updatingSuccess'), autoClose: true });
        },
        onError: (error) => showFailure(t('alert.updatingFail'), error),
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, borderRadius: 3 }}>
        <ProfilePicture student={student} />
        <Box sx={{ textAlign: 'center' }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {student.name}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{student.regNo}</Typography>
        </Box>
        <Chip label={`${t(`lists.accountType.${isAdmin(student.accountType) ? 'admin' : 'student'}`)} • ${t(`lists.state.${student.accountState}`)}`} color="secondary" variant="outlined" />
        <ChangePasswordCard accountId={student._id} />
        {adminTools}
      </Paper>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {PROFILE_SECTIONS.map((section) => (
          <Paper key={section.title} variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, color: 'secondary.main', mb: 2 }}>
              {t(section.title)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {section.fields.map((spec) => (
                <Box key={spec.name} sx={spec.kind === 'multiline' ? { gridColumn: { sm: '1 / -1' } } : undefined}>
                  <ProfileField
                    spec={spec}
                    value={editing === spec.name ? draft : student[spec.name]}
                    editing={editing === spec.name}
                    saving={editing === spec.name && mutation.isPending}
                    onChange={setDraft}
                    onToggle={() => toggle(spec)}
                  />
                </Box>
              ))}
            </Box>
          </Paper>
        ))}
        {accountSections}
      </Box>
    </Box>
  );
}
