import { expect, type APIRequestContext } from '@playwright/test';
import {
  FEES_PATHS,
  type ClassFeesAnswer,
  type DriveListingAnswer,
  type FeePlanBody,
  type OrderStateView,
  type SlipsPageAnswer,
} from '@academy/contract';
import sharp from 'sharp';
import { signInByApi } from './accounts';
import { emptyClassGivenToStudent } from './drive';
import { PAYHERE_STAND_IN_URL } from './payhere-stand-in';

// Class fees made through the API, as an admin makes them on the drive's menus (docs/fees.md),
// and months paid through the run's local PayHere as a browser would pay them, for the specs that
// are about what a student sees afterwards.

export type Headers = Record<string, string>;

const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The Sri Lanka month `offset` months from now, as `YYYY-MM`. */
export function sriLankaMonth(offset = 0): string {
  const wall = new Date(Date.now() + SRI_LANKA_OFFSET_MS);
  const index = wall.getUTCFullYear() * 12 + wall.getUTCMonth() + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** '2026-11' → 'November 2026', as the English screens and the tutor's folder names say it. */
export function englishMonth(month: string): string {
  const [year, number] = month.split('-');
  return `${ENGLISH_MONTHS[Number(number) - 1]} ${year}`;
}

/** `/api/fees/...` with the path's `:names` filled in. */
export function feeUrl(path: keyof typeof FEES_PATHS, values: Record<string, string> = {}): string {
  return `/api/${FEES_PATHS[path].replace(/:(\w+)/g, (_part, name: string) => encodeURIComponent(values[name] ?? ''))}`;
}

/** A folder made inside `parentId` through the API: its id. */
export async function folderIn(request: APIRequestContext, admin: Headers, parentId: string, name: string): Promise<string> {
  const made = await request.post(`/api/folders/folder/${encodeURIComponent(parentId)}/folders`, { headers: admin, data: { name } });
  expect(made.status(), await made.text()).toBe(200);
  return ((await made.json()) as { data: { id: string } }).data.id;
}

/**
 * A class (`${prefix} <tag>`) given to a new student, with fees of LKR 2,500 a month for `months`
 * (due on the 10th, 5 days of grace) and one folder per month, named as the month and tagged with it.
 */
export async function feeClassGivenToStudent(request: APIRequestContext, prefix: string, months: string[]) {
  const made = await emptyClassGivenToStudent(request, prefix);
  const plan: FeePlanBody = { monthlyFee: 2500, months, dueDay: 10, graceDays: 5 };
  const saved = await request.put(feeUrl('classPlan', { folderId: made.classId }), { headers: made.headers, data: plan });
  expect(saved.status(), await saved.text()).toBe(200);
  const monthFolders: Record<string, { id: string; name: string }> = {};
  for (const month of months) {
    const name = englishMonth(month);
    const id = await folderIn(request, made.headers, made.classId, name);
    const tagged = await request.put(feeUrl('folderMonth', { folderId: id }), { headers: made.headers, data: { month } });
    expect(tagged.status(), await tagged.text()).toBe(200);
    monthFolders[month] = { id, name };
  }
  return { ...made, monthFolders };
}

/** The class's fees as its admin reads them. */
export async function classFees(request: APIRequestContext, admin: Headers, classId: string): Promise<ClassFeesAnswer['data']> {
  const answer = await request.get(feeUrl('classPlan', { folderId: classId }), { headers: admin });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as ClassFeesAnswer).data;
}

/** The order as its student reads it. */
export async function orderState(request: APIRequestContext, headers: Headers, orderId: string): Promise<OrderStateView> {
  const answer = await request.get(feeUrl('order', { orderId }), { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: OrderStateView }).data;
}

/**
 * Pays a month as a browser would, without one: the order made as the student, its checkout form
 * posted to the local PayHere, its Pay pressed there (which notifies the portal). Answers the
 * order once the portal has it paid.
 */
export async function payThroughStandIn(request: APIRequestContext, student: { email: string; password: string }, folderId: string, month: string): Promise<OrderStateView> {
  const { token } = await signInByApi(request, student.email, student.password);
  const headers = { authorization: `Bearer ${token}` };
  const made = await request.post(feeUrl('orders'), { headers, data: { folderId, month } });
  expect(made.status(), await made.text()).toBe(200);
  const { orderId, checkout } = ((await made.json()) as { data: { orderId: string; checkout: { action: string; fields: Record<string, string> } } }).data;
  const page = await request.post(checkout.action, { form: checkout.fields });
  expect(page.status(), await page.text()).toBe(200);
  const paid = await request.post(`${PAYHERE_STAND_IN_URL}/pay/complete`, { form: { order_id: orderId, action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  let order: OrderStateView | undefined;
  await expect
    .poll(async () => {
      order = await orderState(request, headers, orderId);
      return order.state;
    })
    .toBe('paid');
  return order as OrderStateView;
}

/** The pending slips of a class, as the admins' queue lists them. */
export async function pendingSlips(request: APIRequestContext, admin: Headers, classId: string): Promise<SlipsPageAnswer['data']> {
  const answer = await request.get(`${feeUrl('slips')}?state=pending&folderId=${encodeURIComponent(classId)}&page=1&pageSize=50`, { headers: admin });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as SlipsPageAnswer).data;
}

/** A photo of a bank slip, drawn at test time: a paper with a bank's stamp and lines, no text. */
export async function slipPicture(): Promise<Buffer> {
  const paper = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="360">
    <rect width="600" height="360" fill="#f4f1e8"/>
    <rect x="30" y="30" width="540" height="60" fill="#1d3f72"/>
    <g stroke="#8a8a8a" stroke-width="3">${[130, 170, 210, 250, 290].map((y) => `<line x1="40" y1="${y}" x2="560" y2="${y}"/>`).join('')}</g>
    <circle cx="480" cy="250" r="50" fill="none" stroke="#b3261e" stroke-width="6"/>
  </svg>`;
  return sharp(Buffer.from(paper)).png().toBuffer();
}

/** The lesson as the admin's listing of its folder shows it (its processing). */
export async function listedItem(request: APIRequestContext, headers: Headers, folderId: string, name: string) {
  const listing = await request.get(`/api/folders/folderContent/${encodeURIComponent(folderId)}`, { headers });
  expect(listing.status(), await listing.text()).toBe(200);
  return ((await listing.json()) as DriveListingAnswer).files.find((item) => item.name === name);
}
