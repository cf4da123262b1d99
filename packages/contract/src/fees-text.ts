// The class fees' words, apart from their zod schemas: the web app's English dictionary imports
// them, and the login page's first download must not carry zod along (docs/languages.md). The
// server answers these sentences as they are; sentences with a month or a name in them are built
// below, in English by hand (not by Intl), so the web app can match them by pattern
// (i18n/server-text.ts) and say them in the reader's language.
//
// Refusals the fees share with other features keep their words where they are: 'Folder not found'
// (CLASS_MATERIAL_TEXT.folderNotFound), 'Student not found' (SERVER_TEXT.studentNotFound),
// 'Only an administrator can do this' (SERVER_TEXT.adminOnly).

export const FEES_TEXT = {
  // ---- Server answers ----
  planRead: 'Class fees',
  planSaved: 'Class fees saved',
  planDeleted: 'Class fees removed',
  monthTagSaved: 'Folder month saved',
  orderCreated: 'Order created',
  orderRead: 'Order',
  notificationTaken: 'Notification received',
  slipUploaded: 'Bank slip uploaded',
  slipsRead: 'Bank slips',
  slipApproved: 'Bank slip approved',
  slipRejected: 'Bank slip rejected',
  paymentRecorded: 'Payment recorded',
  paymentsRead: 'Payments',
  refundRecorded: 'Refund recorded',
  receiptRead: 'Receipt',
  mineRead: 'Your fees',
  studentFeesRead: 'Student fees',
  freeCardGiven: 'Free card given',
  freeCardEnded: 'Free card ended',
  exceptionGiven: 'Month opened for the student',
  exceptionEnded: 'Exception ended',
  overviewRead: 'Fees overview',
  classMonthRead: 'Class month',
  remindersSent: 'Reminders sent',
  revenueRead: 'Revenue',
  alertsRead: 'Alerts',
  alertResolved: 'Alert marked handled',

  // ---- Refusals (fees.md 'Refusals') ----
  onlyStudentsPay: 'Only students pay fees.',
  classNotFound: 'Class not found',
  folderNotFound: 'Folder not found',
  orderNotFound: 'Order not found',
  receiptNotFound: 'Receipt not found',
  slipNotFound: 'Slip not found',
  freeCardNotFound: 'Free card not found',
  exceptionNotFound: 'Exception not found',
  alertNotFound: 'Alert not found',
  paymentNotFound: 'Payment not found',
  setPlanFirst: "Set this class's fees first.",
  classFolderNotMonth: 'The class folder itself cannot be a month: tag a folder inside it.',
  onlinePaymentOff: 'Online payment is not set up. Pay by bank slip or at the class.',
  chargedBackNoRefund: 'A charged-back payment cannot be refunded.',
  freeCardEndedAlready: 'This free card has already ended.',
  freeCardOverlaps: 'This student already has a free card for some of these months: end it first.',
  exceptionExists: 'This month is already opened for this student.',
  slipWrongType: 'Only JPEG, PNG, WebP or PDF files are accepted',
  slipTooLarge: 'The slip is larger than 5 MB',
  slipUnreadable: 'The image could not be read',
  slipFileRequired: 'Choose a photo or PDF of the bank slip',
  notificationIncomplete: 'The notification is incomplete',
  notificationSignature: "The notification's signature does not verify",
  notificationMerchant: 'The notification is for another merchant',
  notificationUnknownOrder: 'Unknown order',
  notificationAmount: "The notification's amount does not match the order",
  bankReversed: 'Your bank reversed this payment',

  // ---- Field refusals: '<field> <sentence>' ----
  notMonth: 'must be a month like 2026-11',
  notDay: 'must be a date like 2026-11-05',
  monthNotInPlan: "must be one of the class's months",
  monthsDistinct: 'must not name a month twice',
  notAmount: 'must be a whole number of cents',
  untilBeforeFrom: 'must not be before fromMonth',
  toBeforeFrom: 'must not be before from',
  dayInFuture: 'must not be in the future',
  dayTooOld: 'must be within the last 12 months',
  bankAndReferenceRequired: 'is required for a bank payment',
  payhereReferenceRequired: 'must be the PayHere payment id for a PayHere payment',
  orderOnlyForPayhere: 'is only for a PayHere payment',

  // ---- Screen words ----
  navLabel: 'Fees',
  title: 'Fees',
  myFeesTitle: 'Fees and receipts',
  classFees: 'Fees…',
  monthMenu: 'Month…',
  monthlyFee: 'Monthly fee (LKR)',
  months: 'Months',
  dueDay: 'Due day',
  graceDays: 'Grace days',
  month: 'Month',
  noMonth: 'No month',
  amount: 'Amount',
  due: 'Due',
  pay: 'Pay',
  bankSlip: 'Bank slip',
  stateOpen: 'Open',
  stateGrace: 'Open until the grace end',
  stateLocked: 'Locked',
  statePaid: 'Paid',
  stateFree: 'Free',
  stateHalf: 'Half',
  stateException: 'Opened by the academy',
  stateUnpaid: 'Unpaid',
  statePending: 'Pending',
  slipUnderReview: 'Bank slip under review',
  payhereProcessing: 'PayHere is processing',
  waitingForPayhere: "Waiting for PayHere's confirmation…",
  payhereStillProcessing: 'PayHere is still processing this payment',
  paymentCanceled: 'The payment was canceled',
  paymentFailed: 'The payment failed',
  payhereNoWord:
    'PayHere has not confirmed this payment yet. If your card was charged, it will show here once PayHere tells us; the academy can also record it from your PayHere receipt.',
  receipt: 'Receipt',
  receiptNo: 'Receipt No.',
  recordPayment: 'Record payment',
  refund: 'Refund',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Reason',
  remind: 'Remind',
  freeCard: 'Free card',
  freeCardFull: 'Full',
  freeCardHalf: 'Half',
  exception: 'Exception',
  markHandled: 'Mark handled',
  note: 'Note',
  tabOverview: 'Overview',
  tabSlips: 'Slips',
  tabPayments: 'Payments',
  tabRevenue: 'Revenue',
  tabAlerts: 'Needs attention',
  tabExport: 'Export',
  methodPayhere: 'PayHere',
  methodBank: 'Bank transfer',
  methodCash: 'Cash',
  bank: 'Bank',
  reference: 'Reference',
  paidOn: 'Paid on',
  receivedOn: 'Received on',
  otherBank: 'Other',
  alertChargeback: 'Chargeback',
  alertAmountMismatch: 'Amount did not match',
  alertPaidTwice: 'Paid twice',
  alertDuplicateSlip: 'Copied slip',
} as const;

// ---- Sentences with a month or a name in them ----

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-11' → 'November 2026'; anything that is not a month is said as it is. */
export function feeMonthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** '2026-12-03' → '3 Dec'. */
function shortDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  const name = match ? SHORT_MONTHS[Number(match[1]) - 1] : undefined;
  return match && name ? `${Number(match[2])} ${name}` : day;
}

/** Several months: 'November 2026, December 2026'. */
function monthList(months: readonly string[]): string {
  return months.map(feeMonthLabel).join(', ');
}

/** 403 on every path into a locked month: 'November 2026 is not paid yet'. */
export function monthNotPaidMessage(month: string): string {
  return `${feeMonthLabel(month)} is not paid yet`;
}

/** 409 on removing plan months that have money or exceptions on them. */
export function monthStaysMessage(months: readonly string[]): string {
  return `${monthList(months)} has payments, orders, slips or exceptions: it stays.`;
}

/** 409 on deleting a plan anything was paid, ordered or submitted under. */
export function planStaysMessage(): string {
  return 'This class has payments, orders or slips: its fees stay.';
}

/** 409: 'November 2026 is already paid.' */
export function monthAlreadyPaidMessage(months: readonly string[]): string {
  return `${monthList(months)} is already paid.`;
}

/** 409: 'November 2026 is free for this student.' */
export function monthFreeMessage(months: readonly string[]): string {
  return `${monthList(months)} is free for this student.`;
}

/** 409: 'A bank slip for November 2026 is waiting for review.' */
export function slipWaitingMessage(months: readonly string[]): string {
  return `A bank slip for ${monthList(months)} is waiting for review.`;
}

/** 409: 'PayHere is still processing a payment for November 2026.' */
export function payherePendingMessage(month: string): string {
  return `PayHere is still processing a payment for ${feeMonthLabel(month)}.`;
}

/** 409 on approve or reject of a decided slip: 'This slip was rejected by Nimal on 3 Dec.' */
export function slipDecidedMessage(decision: 'approved' | 'rejected', by: string, on: string): string {
  return `This slip was ${decision} by ${by} on ${shortDay(on)}.`;
}

/** 409 on a refund of months the payment does not hold: 'December 2026 is not part of this payment, or is already refunded.' */
export function notRefundableMessage(months: readonly string[]): string {
  return `${monthList(months)} is not part of this payment, or is already refunded.`;
}

/** A receipt number as printed: 123 → '000123'. */
export function receiptNumberLabel(receiptNo: number): string {
  return String(receiptNo).padStart(6, '0');
}
