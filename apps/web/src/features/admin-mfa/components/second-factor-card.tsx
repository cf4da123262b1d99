import { t } from 'i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { SECOND_FACTOR_PATH } from '../lib/second-factor-due';

/** Admin only, on the Profile page: the way to their two-step sign-in (set up, turn off). */
export function SecondFactorCard() {
  const navigate = useNavigate();
  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('adminMfa.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('adminMfa.hint')}
        </Typography>
        <Button variant="outlined" onClick={() => void navigate(SECOND_FACTOR_PATH)}>
          {t('adminMfa.title')}
        </Button>
      </CardContent>
    </Card>
  );
}
