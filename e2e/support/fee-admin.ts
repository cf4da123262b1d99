import { expect, type APIRequestContext } from '@playwright/test';
import {
  receiptNumberLabel,
  type FeePlanBody,
  type Payment,
  type RefundBody,
  type Slip,
  type StudentFees,
} from '@academy/contract';
import sharp from 'sharp';
import { registerByApi, signInByApi, uniqueTag } from './accounts';
import { feeUrl, sriLankaMonth, type Headers } from './fees';
import { ADMIN } from './server-env';

// The admins' fees screen's specs and screen walks (fee-admin-screens.ts) act on classes of their
// own with a fee plan, made through the API as an admin would through the drive's Fees… dialog.

/** Today in Sri Lanka, as a date field takes it. */
export function sriLankaToday(now = Date.now()): string {
  return new Date(now + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}

export async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  return { authorization: `Bearer ${token}` };
}

/** A fee student: who they are, how they sign in, and their account id (what fee calls name). */
export interface FeeStudent {
  id: string;
  name: string;
  email: string;
  password: string;
  regNo: string;
  headers: Headers;
}

/** A new student given the class by e-mail. */
export async function feeStudent(request: APIRequestContext, admin: Headers, className: string, name?: string): Promise<FeeStudent> {
  const { body, student } = await registerByApi(request, name ? { name: `${name} ${uniqueTag()}` } : {});
  const grant = await request.post('/api/students/student/give-additional-access', { headers: admin, data: { email: body.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  const { token } = await signInByApi(request, body.email, body.password);
  return { id: student._id, name: body.name, email: body.email, password: body.password, regNo: student.regNo, headers: { authorization: `Bearer ${token}` } };
}

export interface FeeClass {
  className: string;
  classId: string;
  /** The plan's months: this Sri Lanka month and the next two. */
  months: [string, string, string];
}

/** The fee every fee class of the specs has, in whole rupees. */
export const MONTHLY_FEE = 2500;

/** A class with a plan of this month and the next two, LKR 2,500.00 a month, due on the 10th, 5 grace days. */
export async function feeClass(request: APIRequestContext, admin: Headers, prefix: string): Promise<FeeClass> {
  const className = `${prefix} ${uniqueTag()}`;
  const created = await request.post('/api/folders/create/folder', { headers: admin, data: { folderName: className } });
  expect(created.status(), await created.text()).toBe(200);
  const classId = ((await created.json()) as { data: { id: string } }).data.id;
  const months: [string, string, string] = [sriLankaMonth(0), sriLankaMonth(1), sriLankaMonth(2)];
  const plan: FeePlanBody = { monthlyFee: MONTHLY_FEE, months, dueDay: 10, graceDays: 5 };
  const saved = await request.put(feeUrl('classPlan', { folderId: classId }), { headers: admin, data: plan });
  expect(saved.status(), await saved.text()).toBe(200);
  return { className, classId, months };
}

/** A cash payment the admin records for the student's months: the payment, with its receipt number. */
export async function cashPayment(request: APIRequestContext, admin: Headers, student: FeeStudent, fees: FeeClass, months: string[]): Promise<Payment> {
  const response = await request.post(feeUrl('payments'), {
    headers: admin,
    data: { requestId: `e2e-${uniqueTag()}`, studentId: student.id, folderId: fees.classId, months, method: 'cash', receivedOn: sriLankaToday() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Payment }).data;
}

export async function refund(request: APIRequestContext, admin: Headers, paymentId: string, body: RefundBody): Promise<void> {
  const response = await request.post(feeUrl('paymentRefund', { paymentId }), { headers: admin, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A photo of a bank slip as a phone takes one (shapes, no text) in the paper's `shade`: slips of
 * different shades are different files, so a test's slips are not flagged as copies of each other.
 */
export async function shadedSlipPicture(shade = '#f7f3e8'): Promise<Buffer> {
  const lines = Array.from({ length: 7 }, (_, index) => `<rect x="60" y="${120 + index * 44}" width="${360 - (index % 3) * 70}" height="10" rx="5" fill="#5b6b7f"/>`).join('');
  const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="460">
    <rect width="520" height="460" fill="#9aa5b1"/>
    <rect x="30" y="30" width="460" height="400" rx="8" fill="${shade}"/>
    <rect x="60" y="60" width="200" height="26" rx="4" fill="#1f3a5f"/>
    <circle cx="410" cy="340" r="44" fill="none" stroke="#b3261e" stroke-width="6"/>
    ${lines}
  </svg>`;
  return sharp(Buffer.from(picture)).png().toBuffer();
}

/** The student sends a bank slip for `months` of the class (`amountCents` what they say they transferred). */
export async function sendSlip(
  request: APIRequestContext,
  student: FeeStudent,
  fees: FeeClass,
  months: string[],
  { amountCents = MONTHLY_FEE * 100 * months.length, reference = `TRX${uniqueTag().toUpperCase()}`, picture }: { amountCents?: number; reference?: string; picture?: Buffer } = {},
): Promise<Slip> {
  const response = await request.post(feeUrl('slips'), {
    headers: student.headers,
    multipart: {
      file: { name: 'slip.png', mimeType: 'image/png', buffer: picture ?? (await shadedSlipPicture()) },
      folderId: fees.classId,
      months: months.join(','),
      bank: 'Bank of Ceylon',
      reference,
      amountCents: String(amountCents),
      paidOn: sriLankaToday(),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Slip }).data;
}

export async function studentFees(request: APIRequestContext, admin: Headers, studentId: string): Promise<StudentFees> {
  const response = await request.get(feeUrl('studentFees', { studentId }), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: StudentFees }).data;
}

/** Where the student stands with one month of one class, as the admin reads it. */
export async function monthState(request: APIRequestContext, admin: Headers, studentId: string, classId: string, month: string): Promise<string | undefined> {
  const fees = await studentFees(request, admin, studentId);
  return fees.classes.find((entry) => entry.classFolderId === classId)?.months.find((entry) => entry.month === month)?.state;
}

/** 'Receipt No. 000123' as the screens print a receipt's number. */
export function receiptText(receiptNo: number): string {
  return receiptNumberLabel(receiptNo);
}
