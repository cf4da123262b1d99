// An admin's second sign-in step in the browser (features/admin-mfa on the server). After the
// password, an admin with an authenticator app is sent to the code step with a challenge (kept in
// this tab only, for five minutes); one without it signs in limited to setting one up, and stays on
// that page until they do: the server refuses every other admin call meanwhile, so this only spares
// them a page of refusals. Log Out clears the flag with the rest of localStorage.

const DUE_KEY = 'secondFactorDue';
const CHALLENGE_KEY = 'secondFactorChallenge';

/** The code step, after the password. */
export const CODE_STEP_PATH = '/twoStep';
/** Setting up (or turning off) the authenticator app; an admin without one is kept here. */
export const SECOND_FACTOR_PATH = '/twoStepSetup';

export function isSecondFactorDue(): boolean {
  if (import.meta.env.SSR) return false;
  return localStorage.getItem(DUE_KEY) === 'true';
}

export function setSecondFactorDue(due: boolean): void {
  if (due) localStorage.setItem(DUE_KEY, 'true');
  else localStorage.removeItem(DUE_KEY);
}

export function keepChallenge(challenge: string): void {
  sessionStorage.setItem(CHALLENGE_KEY, challenge);
}

export function readChallenge(): string | null {
  return sessionStorage.getItem(CHALLENGE_KEY);
}

export function forgetChallenge(): void {
  sessionStorage.removeItem(CHALLENGE_KEY);
}

/** The server said this admin session may only set up a second factor: keep them there. */
export function sendToSecondFactorSetUp(): void {
  setSecondFactorDue(true);
  window.location.replace(`#${SECOND_FACTOR_PATH}`);
}
