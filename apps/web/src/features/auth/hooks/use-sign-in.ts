import type { LoginBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';

// The sign-in code (API client, answer schemas, alerts) is fetched when the visitor starts on the
// form, not with the page: the page then draws sooner on a slow phone.
const loadSignIn = () => import('../lib/sign-in');

export function useSignIn() {
  const mutation = useMutation({
    mutationFn: async (body: LoginBody) => (await loadSignIn()).signInAndReport(body),
  });
  return {
    /** Starts fetching the sign-in code, e.g. when a field gets focus. */
    prepare: () => void loadSignIn(),
    signIn: (body: LoginBody) => mutation.mutate(body),
    pending: mutation.isPending,
  };
}
