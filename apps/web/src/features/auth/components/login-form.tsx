import { t } from 'i18next';
import { useState, type FormEvent } from 'react';
import { goTo } from '../../../lib/hash-location';
import { useSignIn } from '../hooks/use-sign-in';
import { LoginField, LoginPasswordField } from './login-field';

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
    <form className="login-form" noValidate onSubmit={submit} onFocus={prepare}>
      <LoginField label={t('auth.emailAddress')} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <LoginPasswordField label={t('auth.password')} autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <div className="login-links">
        {/* The spec's 'link buttons': buttons that navigate, as the earlier product had them. */}
        <button type="button" className="login-text-button" onClick={() => goTo('/forgotPassword')}>
          {t('auth.forgotPassword')}
        </button>
        <button type="button" className="login-text-button secondary" onClick={() => goTo('/register')}>
          {t('auth.signUp')}
        </button>
      </div>
      <button type="submit" className="login-submit" disabled={pending} aria-busy={pending}>
        {pending && <span className="login-spinner" aria-hidden="true" />}
        {t('auth.signIn')}
      </button>
    </form>
  );
}
