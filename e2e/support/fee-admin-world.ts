import type { APIRequestContext } from '@playwright/test';
import { uniqueTag } from './accounts';
import { adminHeaders, cashPayment, feeClass, feeStudent, receiptText, refund, sendSlip, shadedSlipPicture } from './fee-admin';

/** What the admin fee screens show in the walks: a class with a plan, its students in every state, a slip to review. */
export interface FeeAdminWorld {
  className: string;
  feeAdminClassId: string;
  /** This Sri Lanka month, the first of the plan. */
  feeAdminMonth: string;
  /** The student whose slip waits for review, whose profile the walks open. */
  slipStudent: { name: string; email: string };
  /** The receipt of a cash payment still paid, refundable in the Payments tab ('000123'). */
  receipt: string;
}

/**
 * Builds it through the API: one student paid this month in cash, one paid and was refunded, one
 * sent a bank slip (and another a slip with the same reference, a copy the queue flags), one owes.
 */
export async function buildFeeAdminWorld(request: APIRequestContext): Promise<FeeAdminWorld> {
  const admin = await adminHeaders(request);
  const fees = await feeClass(request, admin, 'Combined History');
  const [thisMonth] = fees.months;
  const payer = await feeStudent(request, admin, fees.className, 'Amaya Perera');
  const refunded = await feeStudent(request, admin, fees.className, 'Dinuka Silva');
  const slipper = await feeStudent(request, admin, fees.className, 'Tharushi Fernando');
  const copier = await feeStudent(request, admin, fees.className, 'Ravindu Jayasinghe');
  await feeStudent(request, admin, fees.className, 'Sachini Wickramasinghe');
  const payment = await cashPayment(request, admin, payer, fees, [thisMonth]);
  const back = await cashPayment(request, admin, refunded, fees, [thisMonth]);
  await refund(request, admin, back.id, { months: [thisMonth], way: 'cash', reason: 'Paid twice at the class' });
  const reference = `BOC${uniqueTag().toUpperCase()}`;
  await sendSlip(request, slipper, fees, [thisMonth], { reference, picture: await shadedSlipPicture('#f3ead6') });
  await sendSlip(request, copier, fees, [thisMonth], { reference, picture: await shadedSlipPicture('#eef3fb') });
  return {
    className: fees.className,
    feeAdminClassId: fees.classId,
    feeAdminMonth: thisMonth,
    slipStudent: { name: slipper.name, email: slipper.email },
    receipt: receiptText(payment.receiptNo),
  };
}
