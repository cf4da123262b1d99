import { t } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type FormEvent } from 'react';
import { OutlinedField } from '../../../components/outlined-field';
import { PasswordField } from '../../../components/password-field';
import { goTo } from '../../../lib/hash-location';
import { useSignIn } from '../hooks/use-sign-in';

/** Spec section 5: sign-in sends the values as entered, with no checks in the browser. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { prepare, signIn, pending } = useSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn({ email, password });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} onFocus={prepare} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <OutlinedField
        label={t('auth.emailAddress')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        fullWidth
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -1 }}>
        {/* The spec's 'link buttons': buttons that navigate, as the earlier product had them. */}
        <Button size="small" onClick={() => goTo('/forgotPassword')}>
          {t('auth.forgotPassword')}
        </Button>
        <Button size="small" color="secondary" onClick={() => goTo('/register')}>
          {t('auth.signUp')}
        </Button>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        aria-busy={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        sx={{ py: 1.5 }}
      >
        {t('auth.signIn')}
      </Button>
    </Box>
  );
}
