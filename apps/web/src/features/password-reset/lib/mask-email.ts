/**
 * 'sameera@gmail.com' -> 's*****a@gmail.com' (spec section 2: the address is shown masked), so a
 * glance over the student's shoulder does not give the address away but they still recognise it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0]}${'*'.repeat(local.length - 1)}${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`;
}
