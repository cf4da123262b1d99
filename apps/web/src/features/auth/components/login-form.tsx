import { t } from 'i18next';
import { EARLY_SUBMIT_ATTRIBUTE } from '@academy/contract';
import { useEffect, useRef, type FormEvent } from 'react';
import { goTo } from '../../../lib/hash-location';
import { useSignIn } from '../hooks/use-sign-in';
import { LoginField, LoginPasswordField } from './login-field';

/**
 * Spec section 5: sign-in sends the values as entered, with no checks in the browser. The fields
 * keep their own values (uncontrolled) and are read on submit: the form arrives drawn by the
 * server, and what a student types before the app has taken the page over must count too.
 */
export function LoginForm({ onStart }: { onStart?: () => void }) {
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const { prepare, signIn, pending } = useSignIn();

  // Sign In pressed on the server's drawing of this form, before the app had arrived: done now.
  useEffect(() => {
    const html = document.documentElement;
    if (!html.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    html.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
    form.current?.requestSubmit();
  }, []);

  // Reaching into the form fetches the sign-in code, and what the app wants ready after it.
  const start = () => {
    prepare();
    onStart?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn({ email: email.current?.value ?? '', password: password.current?.value ?? '' });
  };

  return (
    <form ref={form} className="login-form" noValidate onSubmit={submit} onFocus={start}>
      <LoginField ref={email} label={t('auth.emailAddress')} type="email" autoComplete="email" />
      <LoginPasswordField ref={password} label={t('auth.password')} autoComplete="current-password" />
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
