import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { alerts } from '../../../lib/alerts';
import { useUpdatePasswordMutation } from '../api/update-password';
import { showFailure } from '../../../lib/failure-alerts';
import { PasswordStrengthMeter } from './password-strength-meter';

/**
 * The Profile page's 'Change Password' card (spec sections 2 and 8); also the whole of the screen a
 * student with a temporary password meets, which `onChanged` moves on from.
 */
export function ChangePasswordCard({ accountId, onChanged }: { accountId: string; onChanged?: () => void }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const mutation = useUpdatePasswordMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { id: accountId, body: { oldPassword, newPassword } },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          void alerts.success({ title: t('alert.passwordChangeSuccess') });
          onChanged?.();
        },
        onError: (error) => showFailure(t('alert.passwordChangeFail'), error),
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ width: '100%' }}>
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('students.profile.changePassword')}
        </Typography>
        <PasswordField label={t('students.profile.currentPassword')} value={oldPassword} onChange={(e) => setOldPassword(e.target.value)} autoComplete="current-password" fullWidth size="small" />
        <Box>
          <PasswordField label={t('students.profile.newPassword')} value={newPassword} onChange={(e) => setNewPassword(e.target.value)} autoComplete="new-password" fullWidth size="small" />
          <PasswordStrengthMeter password={newPassword} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" fullWidth disabled={mutation.isPending}>
            {t('students.profile.updatePassword')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
