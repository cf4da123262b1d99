import { t } from 'i18next';
import { CakeIcon as Cake } from '../../../components/icons/cake';
import { CloseIcon as Close } from '../../../components/icons/close';
import { InfoOutlinedIcon as InfoOutlined } from '../../../components/icons/info-outlined';
import { MailOutlinedIcon as MailOutlined } from '../../../components/icons/mail-outlined';
import { PersonOutlinedIcon as PersonOutlined } from '../../../components/icons/person-outlined';
import { SchoolOutlinedIcon as SchoolOutlined } from '../../../components/icons/school-outlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useStudentQuery } from '../api/get-student';
import { profileEntries, type EntryIcon } from '../lib/profile-entries';

const ICONS: Record<EntryIcon, ReactNode> = {
  person: <PersonOutlined fontSize="small" />,
  mail: <MailOutlined fontSize="small" />,
  school: <SchoolOutlined fontSize="small" />,
  cake: <Cake fontSize="small" />,
  info: <InfoOutlined fontSize="small" />,
};

interface StudentProfileModalProps {
  studentId: string | null;
  onClose: () => void;
  /** Shown under the fields; the app composes other features' panels here (e.g. class grants). */
  extra?: ReactNode;
}

/** Spec section 2 'Student Profile modal', opened by the list's View button. */
export function StudentProfileModal({ studentId, onClose, extra }: StudentProfileModalProps) {
  const query = useStudentQuery(studentId);
  const student = query.data;
  if (query.error) console.error('Student profile load failed', query.error);

  return (
    <Dialog open={Boolean(studentId)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="student-profile-title">
      <DialogTitle id="student-profile-title" sx={{ pr: 6 }}>
        {t('students.list.studentProfile')}
        <IconButton aria-label={t('general.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      {/* The profile is text only, and taller than a small window: the scrolling box itself takes
          focus (a labelled region), so a keyboard can scroll it (WCAG 2.1.1). */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={t('students.list.studentProfile')}>
        {!student ? (
          <Typography role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{t('students.list.loadingProfile')}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 2 }}>
              {/* Spec: a default avatar; a picture the student uploaded is shown when there is one. */}
              <Avatar src={student.profileImg || undefined} alt="" sx={{ width: 88, height: 88 }} />
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, textAlign: 'center' }}>
                {student.name}
              </Typography>
              <Chip label={t('students.list.idChip', { id: student.studentId })} size="small" />
            </Box>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, m: 0 }}>
              {profileEntries(student).map((entry) => (
                // dt and dd straight inside the entry's div, the icon inside the dt: a list of terms holds only those (axe 'definition-list').
                <Box key={entry.key} sx={{ minWidth: 0 }}>
                  <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box component="span" sx={{ color: 'secondary.main', display: 'inline-flex' }} aria-hidden>
                      {ICONS[entry.icon]}
                    </Box>
                    {entry.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, pl: 4, overflowWrap: 'anywhere' }}>
                    {entry.value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {extra}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
