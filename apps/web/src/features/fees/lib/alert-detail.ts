// What an alert's `detail` (the server's free-form record) holds that the admin can act on: the
// months it concerns, the receipt and the amount. Other fields are the server's own bookkeeping
// and are not shown.

export interface AlertFacts {
  months: string[];
  receiptNo: number | null;
  amountCents: number | null;
}

function isMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}$/.test(value);
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

export function alertFacts(detail: Record<string, unknown>): AlertFacts {
  const months = Array.isArray(detail.months) ? detail.months.filter(isMonth) : isMonth(detail.month) ? [detail.month] : [];
  return { months, receiptNo: wholeNumber(detail.receiptNo), amountCents: wholeNumber(detail.amountCents) };
}
