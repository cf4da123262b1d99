import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueTag } from './accounts';
import { englishMonth, feeUrl, folderIn, payThroughStandIn, sriLankaMonth, type Headers } from './fees';

/**
 * The fees of the world's student (fee-screens.ts walks them): a class of their own with fees for
 * this Sri Lanka month and the month after next, a folder for each; the later one paid through
 * the local PayHere (its return page and receipt), this one locked (the lock card, Pay, Bank slip).
 */
export interface FeeWorld {
  feeClassName: string;
  feeClassId: string;
  /** This month's folder: locked (the first fee month opens only by paying). */
  feeLockedName: string;
  feeLockedId: string;
  /** The drive's address straight into the locked month (a link the lock panel answers). */
  feeLockedTrail: string;
  /** The paid month's order and payment. */
  feeOrderId: string;
  feePaymentId: string;
}

export async function buildFeeWorld(request: APIRequestContext, { admin, student }: { admin: Headers; student: { email: string; password: string } }): Promise<FeeWorld> {
  const feeClassName = `Combined History ${uniqueTag()}`;
  const created = await request.post('/api/folders/create/folder', { headers: admin, data: { folderName: feeClassName } });
  expect(created.status(), await created.text()).toBe(200);
  const feeClassId = ((await created.json()) as { data: { id: string } }).data.id;
  const grant = await request.post('/api/students/student/give-additional-access', { headers: admin, data: { email: student.email, className: feeClassName } });
  expect(grant.status(), await grant.text()).toBe(200);
  // Not adjacent months: paying the later one gives this one no grace (docs/fees.md 'The access rule').
  const [locked, paid] = [sriLankaMonth(), sriLankaMonth(2)];
  const plan = await request.put(feeUrl('classPlan', { folderId: feeClassId }), { headers: admin, data: { monthlyFee: 2500, months: [locked, paid], dueDay: 10, graceDays: 5 } });
  expect(plan.status(), await plan.text()).toBe(200);
  const ids: Record<string, string> = {};
  for (const month of [locked, paid]) {
    ids[month] = await folderIn(request, admin, feeClassId, englishMonth(month));
    const tagged = await request.put(feeUrl('folderMonth', { folderId: ids[month] ?? '' }), { headers: admin, data: { month } });
    expect(tagged.status(), await tagged.text()).toBe(200);
  }
  const order = await payThroughStandIn(request, student, feeClassId, paid);
  const feeLockedId = ids[locked] ?? '';
  return {
    feeClassName,
    feeClassId,
    feeLockedName: englishMonth(locked),
    feeLockedId,
    feeLockedTrail: JSON.stringify([
      { id: feeClassId, name: feeClassName },
      { id: feeLockedId, name: englishMonth(locked) },
    ]),
    feeOrderId: order.orderId,
    feePaymentId: order.receipt?.paymentId ?? '',
  };
}
