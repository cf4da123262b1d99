import type { LoginBody } from '@academy/contract';
import { useState } from 'react';
import { loadAllWords } from '../../../i18n/all-words';

// The sign-in code (API client, answer schemas, alerts) is fetched when the visitor starts on the
// form, not with the page: the page then draws sooner on a slow phone. Its messages (a server
// refusal) may use any English word, so the rest of the dictionary comes with it.
const loadSignIn = () => Promise.all([import('../lib/sign-in'), loadAllWords()]).then(([module]) => module);

/**
 * Plain state rather than a TanStack mutation: the login page renders without the query library
 * (app/router.tsx brings it), which keeps its first download within budget (bench/login-page.ts).
 */
export function useSignIn() {
  const [pending, setPending] = useState(false);
  const signIn = (body: LoginBody) => {
    if (pending) return;
    setPending(true);
    // signInAndReport shows every outcome itself; finally also covers a chunk that failed to load.
    void loadSignIn()
      .then((module) => module.signInAndReport(body))
      .catch((error: unknown) => console.error('Sign-in failed', error))
      .finally(() => setPending(false));
  };
  return {
    /** Starts fetching the sign-in code, e.g. when a field gets focus. */
    prepare: () => void loadSignIn(),
    signIn,
    pending,
  };
}
