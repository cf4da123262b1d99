import { t } from 'i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useStudentAccessQuery } from '../api/get-student-access';
import { GrantList } from './grant-list';

/** For the Student Profile modal: the classes given to the student; e-mail grants revocable here. */
export function StudentAccessPanel({ studentId }: { studentId: string }) {
  const query = useStudentAccessQuery(studentId);
  if (query.error) console.error('Student access load failed', query.error);
  return (
    <Box sx={{ mt: 2 }}>
      <Divider sx={{ mb: 2 }} />
      {query.data ? (
        <GrantList grants={query.data} showClass canRevoke={(grant) => grant.email !== null} />
      ) : (
        <Typography role="status" sx={{ color: 'text.secondary' }}>{t('general.loadingDots')}</Typography>
      )}
    </Box>
  );
}
