import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { readSession } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';
import { setPasswordChangeDue } from '../lib/password-change-due';
import { ChangePasswordCard } from './change-password-card';

/**
 * Where a student who signed in with a temporary password lands, and stays until they choose their
 * own (ASVS 2.3.1): the server answers nothing else meanwhile. Log Out is the other way out.
 */
export function ChoosePasswordPage() {
  const navigate = useNavigate();
  const session = readSession();
  if (!session) return null;
  const changed = () => {
    setPasswordChangeDue(false);
    void navigate('/home', { replace: true });
  };
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2, sm: 4 }, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {t('students.choosePassword.title')}
        </Typography>
        <Typography>{t('students.choosePassword.explanation')}</Typography>
        <ChangePasswordCard accountId={session.id} onChanged={changed} />
        <Button variant="text" onClick={() => void signOut().finally(() => navigate('/', { replace: true }))}>
          {t('shell.logOut')}
        </Button>
      </Paper>
    </Box>
  );
}
