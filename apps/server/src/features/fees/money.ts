// Money as fees keep it (docs/fees.md 'Money'): whole LKR cents, integers everywhere.
// Pure. PayHere's amounts ('2500.00') are written from the integer and read back into one by
// string arithmetic, never through a float, so no amount is ever rounded on its way in or out.

/**
 * What PayHere may send as `payhere_amount` once its thousands commas are removed: up to nine
 * whole digits and up to two decimals. Anything else is a refused notification.
 */
export const PAYHERE_AMOUNT_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Cents as PayHere's amount: two decimals, a point, no thousands separator (250000 → '2500.00'). */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`An amount must be whole cents, not ${cents}`);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** PayHere's amount read back into cents ('1,250.5' → 125050); null when it is not an amount. */
export function amountToCents(amount: string): number | null {
  const match = PAYHERE_AMOUNT_PATTERN.exec(amount.replaceAll(',', ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Whole rupees (a plan's `monthlyFee`) as cents. */
export function rupeesToCents(rupees: number): number {
  return rupees * 100;
}

/**
 * The key duplicates are found by (fees.md 'Bank transfer'): the bank, then the reference
 * upper-cased without spaces, dashes or slashes, so 'ab-12 / 3' and 'AB123' at one bank match.
 */
export function referenceKey(bank: string, reference: string): string {
  return `${bank.trim().toUpperCase()}:${reference.toUpperCase().replace(/[\s\-/\\]+/g, '')}`;
}
