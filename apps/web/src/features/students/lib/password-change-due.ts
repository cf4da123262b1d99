// Whether the signed-in student must choose their own password before anything else: their
// sign-in was with a temporary password the academy handed out (ASVS 2.3.1). Set from the sign-in
// answer; the server refuses every other call meanwhile, so this only spares the student a page of
// refusals. Log Out clears it with the rest of localStorage.

const KEY = 'passwordChangeDue';

export const CHOOSE_PASSWORD_PATH = '/changePassword';

export function isPasswordChangeDue(): boolean {
  if (import.meta.env.SSR) return false;
  return localStorage.getItem(KEY) === 'true';
}

export function setPasswordChangeDue(due: boolean): void {
  if (due) localStorage.setItem(KEY, 'true');
  else localStorage.removeItem(KEY);
}
