// The fees' mails (fees.md 'Receipts', 'Refunds and chargebacks'), in English and Sinhala side by
// side, as the printed receipt is: one mail serves the student and a parent, whatever language the
// portal was read in. The receipt's body is the receipt; no subject carries an amount or a reason
// (they show on lock screens). Links only when PUBLIC_URL is set.
import { feeMonthLabel, receiptNumberLabel, type Branding, type PaymentMethod, type Receipt } from '@academy/contract';
import { brandedMail } from '../../mail/branded-mail';
import type { Mail } from '../../mail/mailer';

const SINHALA_MONTHS = ['ජනවාරි', 'පෙබරවාරි', 'මාර්තු', 'අප්‍රේල්', 'මැයි', 'ජූනි', 'ජූලි', 'අගෝස්තු', 'සැප්තැම්බර්', 'ඔක්තෝබර්', 'නොවැම්බර්', 'දෙසැම්බර්'];

/** '2026-11' → '2026 නොවැම්බර්'. */
export function sinhalaMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${year} ${SINHALA_MONTHS[Number(number) - 1] ?? ''}`.trim();
}

/** Cents as 'LKR 2,500.00 / රු. 2,500.00', divided only here, at display. */
export function bilingualAmount(cents: number): string {
  const english = new Intl.NumberFormat('en-LK', { style: 'currency', currency: 'LKR' }).format(cents / 100);
  const sinhala = new Intl.NumberFormat('si-LK', { style: 'currency', currency: 'LKR' }).format(cents / 100);
  return english === sinhala ? english : `${english} / ${sinhala}`;
}

/** A Sri Lanka day of an instant, as '28 November 2026'. */
function sriLankaDate(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Colombo', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

const METHODS: Record<PaymentMethod, string> = {
  payhere: 'PayHere',
  bank: 'Bank transfer / බැංකු මාරුව',
  cash: 'Cash / මුදල්',
};

const portalLink = (publicUrl: string | null, path: string) => (publicUrl ? `${publicUrl}/#${path}` : null);

/** The payer's receipt: the receipt itself, line by line, and a link to its printable page. */
export function receiptMail(to: { email: string; name: string }, receipt: Receipt, branding: Branding, publicUrl: string | null): Mail {
  const number = receiptNumberLabel(receipt.receiptNo);
  const link = portalLink(publicUrl, `/fees/receipts/${receipt.paymentId}`);
  return brandedMail({
    to: to.email,
    subject: `${branding.title}: payment received, receipt ${number} / ගෙවීම ලැබුණි`,
    branding,
    name: to.name,
    paragraphs: [
      'Thank you: we received your class fee. This is your receipt.',
      'ඔබේ පන්ති ගාස්තුව ලැබුණි. මෙය ඔබේ රිසිට්පතයි.',
      `Receipt No. / රිසිට්පත් අංකය: ${number}`,
      `Date / දිනය: ${sriLankaDate(receipt.paidAt)}`,
      `Student / සිසුවා: ${receipt.student.name}${receipt.student.regNo ? ` (${receipt.student.regNo})` : ''}`,
      `Class / පන්තිය: ${receipt.className}`,
      ...receipt.months.map((month) => `${feeMonthLabel(month.month)} / ${sinhalaMonth(month.month)}: ${bilingualAmount(month.amountCents)}`),
      `Paid by / ගෙවූ ක්‍රමය: ${METHODS[receipt.method]}${receipt.bank ? `, ${receipt.bank}` : ''}`,
      ...(receipt.reference ? [`Reference / යොමුව: ${receipt.reference}`] : []),
      `Total / එකතුව: ${bilingualAmount(receipt.totalCents)}`,
    ],
    ...(link ? { button: { label: 'Open the receipt / රිසිට්පත විවෘත කරන්න', url: link } } : {}),
    footnote: ['Keep this mail as your receipt. / මෙම ලිපිය ඔබේ රිසිට්පත ලෙස තබා ගන්න.'],
  });
}

/** To each active admin: PayHere reported a chargeback; the months closed and the fees screen lists it. */
export function chargebackMail(
  to: { email: string; name: string },
  reversal: { orderId: string; className: string; month: string; studentName: string; receiptNo: number | null },
  branding: Branding,
  publicUrl: string | null,
): Mail {
  const link = portalLink(publicUrl, '/fees');
  const receipt = reversal.receiptNo === null ? `order ${reversal.orderId}` : `receipt ${receiptNumberLabel(reversal.receiptNo)}`;
  return brandedMail({
    to: to.email,
    subject: `${branding.title}: a payment was reversed / ගෙවීමක් ආපසු හරවන ලදී`,
    branding,
    name: to.name,
    paragraphs: [
      `PayHere reported a chargeback on ${receipt} (${reversal.studentName}, ${reversal.className}, ${feeMonthLabel(reversal.month)}): the card holder's bank took the money back.`,
      'The payment no longer counts and its month is closed to the student. It is listed under Needs attention on the fees screen until someone marks it handled.',
      `PayHere විසින් ${receipt} ආපසු හරවන ලදී (${reversal.studentName}, ${reversal.className}, ${sinhalaMonth(reversal.month)}). එම මාසය සිසුවාට වසා ඇත.`,
    ],
    ...(link ? { button: { label: 'Open the fees screen / ගාස්තු තිරය විවෘත කරන්න', url: link } } : {}),
    footnote: ['You receive this as an administrator of the portal.'],
  });
}
