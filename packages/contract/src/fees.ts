import { z } from 'zod';
import { dataAnswer, errorAnswerSchema } from './api';
import { brandingSchema } from './branding';
import { FEES_TEXT } from './fees-text';
import { pagingSchema, studentListQuerySchema } from './students';

// Class fees (docs/fees.md): a monthly fee per class, month-tagged folders that open to the
// month's payers, payments online (PayHere Checkout), by bank slip or in cash, numbered receipts,
// free cards, exceptions, refunds and chargebacks. Amounts are whole LKR cents (`…Cents`), except
// the plan's `monthlyFee`, in whole rupees. Months are `YYYY-MM` and days `YYYY-MM-DD`, both Sri
// Lanka time; instants are UTC ISO-8601.

export const FEES_PATHS = {
  // Plans and month folders (admin).
  classPlan: 'fees/classes/:folderId',
  folderMonth: 'fees/folders/:folderId/month',
  // Paying online (student), and PayHere's own calls (public).
  orders: 'fees/orders',
  order: 'fees/orders/:orderId',
  payhereNotify: 'fees/payhere/notify',
  payhereReturn: 'fees/payhere/return/:orderId',
  payhereCancel: 'fees/payhere/cancel/:orderId',
  // Bank slips: POST (student), GET the queue (admin); the file (owner); decisions (admin).
  slips: 'fees/slips',
  slipFile: 'fees/slips/:slipId/file',
  slipApprove: 'fees/slips/:slipId/approve',
  slipReject: 'fees/slips/:slipId/reject',
  // Payments: POST records one, GET lists them (admin); refunds (admin); receipts (owner).
  payments: 'fees/payments',
  paymentRefund: 'fees/payments/:paymentId/refund',
  receipt: 'fees/receipts/:paymentId',
  // A student's own fees, and an admin's view of one student's.
  mine: 'fees/mine',
  studentFees: 'fees/students/:studentId',
  // Free cards and exceptions (admin).
  freeCards: 'fees/free-cards',
  freeCardEnd: 'fees/free-cards/:cardId/end',
  exceptions: 'fees/exceptions',
  exception: 'fees/exceptions/:exceptionId',
  // The admins' fees screen.
  overview: 'fees/overview',
  classMonth: 'fees/classes/:folderId/months/:month',
  remind: 'fees/remind',
  revenue: 'fees/revenue',
  export: 'fees/export',
  alerts: 'fees/alerts',
  alertResolve: 'fees/alerts/:alertId/resolve',
} as const;

/** Fees are charged in Sri Lanka rupees only. */
export const FEE_CURRENCY = 'LKR';

/** The limits of fees.md. */
export const FEE_LIMITS = {
  /** Whole rupees. */
  monthlyFeeMin: 1,
  monthlyFeeMax: 100_000,
  planMonthsMin: 1,
  planMonthsMax: 24,
  /** Every month has the 28th. */
  dueDayMin: 1,
  dueDayMax: 28,
  graceDaysMin: 0,
  graceDaysMax: 31,
  reasonMax: 300,
  noteMax: 300,
  referenceMax: 40,
  bankMax: 60,
  slipMonthsMin: 1,
  slipMonthsMax: 12,
  /** A slip's transfer is at most this many months old. */
  slipPaidOnMonthsBack: 12,
  /** What one slip may say was transferred: the plan's largest fee for 12 months, in cents. */
  amountCentsMax: 100_000 * 100 * 24,
  revenueMonthsMax: 24,
  remindStudentsMax: 500,
  searchMax: 100,
  requestIdMax: 64,
} as const;

/** Slips: at most 5 MB, checked by content. */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
/** The types a slip may be uploaded as (by content); images are stored re-encoded as WebP. */
export const SLIP_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** The types a stored slip is served as. */
export const SLIP_STORED_TYPES = ['image/webp', 'application/pdf'] as const;
export type SlipStoredType = (typeof SLIP_STORED_TYPES)[number];
/** The multipart field the slip's file travels in. */
export const SLIP_FILE_FIELD = 'file';

/** The licensed commercial banks of Sri Lanka (Central Bank of Sri Lanka's list), and Other. */
export const SRI_LANKAN_BANKS = [
  'Amana Bank',
  'Bank of Ceylon',
  'Bank of China',
  'Cargills Bank',
  'Citibank',
  'Commercial Bank of Ceylon',
  'Deutsche Bank',
  'DFCC Bank',
  'Habib Bank',
  'Hatton National Bank',
  'HSBC',
  'Indian Bank',
  'Indian Overseas Bank',
  'MCB Bank',
  'National Development Bank',
  'Nations Trust Bank',
  'Pan Asia Bank',
  "People's Bank",
  'Public Bank Berhad',
  'Sampath Bank',
  'Seylan Bank',
  'Standard Chartered Bank',
  'State Bank of India',
  'Union Bank of Colombo',
  'Other',
] as const;
export type SriLankanBank = (typeof SRI_LANKAN_BANKS)[number];

export const PAYMENT_METHODS = ['payhere', 'bank', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a refund went back: through PayHere's merchant portal, the bank, or cash. */
export const REFUND_WAYS = ['payhere', 'bank', 'cash'] as const;
export type RefundWay = (typeof REFUND_WAYS)[number];

export const FREE_CARD_KINDS = ['full', 'half'] as const;
export type FreeCardKind = (typeof FREE_CARD_KINDS)[number];

/** What lets a student open a month (a row of `fee_openings`). */
export const OPENING_SOURCES = ['payment', 'free-card', 'exception'] as const;
export type OpeningSource = (typeof OPENING_SOURCES)[number];

/** An online payment attempt's life (fees.md 'The notification'). */
export const ORDER_STATES = ['created', 'superseded', 'pending', 'paid', 'canceled', 'failed', 'charged-back'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const PAYMENT_STATES = ['paid', 'partly-refunded', 'refunded', 'charged-back'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One month of a payment. */
export const PAYMENT_MONTH_STATES = ['paid', 'refunded', 'charged-back'] as const;
export type PaymentMonthState = (typeof PAYMENT_MONTH_STATES)[number];

export const SLIP_STATES = ['pending', 'approved', 'rejected'] as const;
export type SlipState = (typeof SLIP_STATES)[number];

/** Whether a student may open a tagged month now (the access rule's answer). */
export const FEE_ACCESS_STATES = ['open', 'grace', 'locked'] as const;
export type FeeAccessState = (typeof FEE_ACCESS_STATES)[number];

/** What waits on a locked month: a bank slip under review, or a PayHere payment pending. */
export const FEE_PENDING_KINDS = ['slip', 'order'] as const;
export type FeePendingKind = (typeof FEE_PENDING_KINDS)[number];

/**
 * Where one student stands with one fee month, for `mine`, a student's fees and the class month:
 * paid (a live payment), free (a full card), exception, pending (a slip or PayHere pending), unpaid.
 */
export const MONTH_STATES = ['paid', 'free', 'exception', 'pending', 'unpaid'] as const;
export type MonthState = (typeof MONTH_STATES)[number];

export const ALERT_KINDS = ['chargeback', 'amount-mismatch', 'paid-twice', 'duplicate-slip'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** A slip's duplicate flags: its reference, or its file's bytes, already seen. */
export const SLIP_FLAG_KINDS = ['reference', 'file'] as const;
export type SlipFlagKind = (typeof SLIP_FLAG_KINDS)[number];

/** PayHere's `status_code`: 2 success, 0 pending, -1 canceled, -2 failed, -3 charged back. */
export const PAYHERE_STATUS_CODES = ['2', '0', '-1', '-2', '-3'] as const;
export type PayHereStatusCode = (typeof PAYHERE_STATUS_CODES)[number];

/** What became of a verified notification (`fee_payhere_events.outcome`). */
export const PAYHERE_EVENT_OUTCOMES = ['applied', 'repeat', 'ignored', 'amount-mismatch'] as const;
export type PayHereEventOutcome = (typeof PAYHERE_EVENT_OUTCOMES)[number];

export const PAYHERE_MODES = ['sandbox', 'live'] as const;
export type PayHereMode = (typeof PAYHERE_MODES)[number];

/** The checkout addresses of fees.md 'The protocol'. */
export const PAYHERE_CHECKOUT_URLS: Record<PayHereMode, string> = {
  sandbox: 'https://sandbox.payhere.lk/pay/checkout',
  live: 'https://www.payhere.lk/pay/checkout',
};

/** The notify route's body limit (fees.md: at most 16 KB). */
export const PAYHERE_NOTIFY_BODY_LIMIT = 16 * 1024;

// ---- Pieces ----

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

function wholeNumber(min: number, max: number) {
  const sentence = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: sentence }).int({ error: sentence }).min(min, { error: sentence }).max(max, { error: sentence });
}

function requiredText(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });
}

function optionalText(max: number) {
  return z.string({ error: 'must be text' }).trim().max(max, { error: `must be at most ${max} characters` });
}

/** Ids the server made (random UUIDs, order ids); anything else up to this length is simply not found. */
const entityIdSchema = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(64, { error: 'is not a valid id' });
/** Store ids (a folder) are opaque, as class material's. */
const storeIdSchema = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(2048, { error: 'is not a valid id' });

/** A fee month, `YYYY-MM`, a real month. */
export const monthSchema = z.string({ error: FEES_TEXT.notMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: FEES_TEXT.notMonth });

/** The calendar date the text names exists (2026-02-30 does not). */
function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A Sri Lanka day, `YYYY-MM-DD`, a real date. */
export const daySchema = z
  .string({ error: FEES_TEXT.notDay })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FEES_TEXT.notDay })
  .refine(isRealDay, { error: FEES_TEXT.notDay });

/** A list of months: distinct, kept sorted (string order is time order). */
export function monthListSchema(min: number, max: number) {
  return z
    .array(monthSchema, { error: 'must be a list of months' })
    .min(min, { error: `must name at least ${min} month${min === 1 ? '' : 's'}` })
    .max(max, { error: `must name at most ${max} months` })
    .refine((months) => new Set(months).size === months.length, { error: FEES_TEXT.monthsDistinct })
    .transform((months) => [...months].sort());
}

/** A plan's months: 1–24, distinct, stored sorted. */
export const monthsSchema = monthListSchema(FEE_LIMITS.planMonthsMin, FEE_LIMITS.planMonthsMax);

const amountCentsSchema = z
  .number({ error: FEES_TEXT.notAmount })
  .int({ error: FEES_TEXT.notAmount })
  .min(0, { error: FEES_TEXT.notAmount })
  .max(FEE_LIMITS.amountCentsMax, { error: FEES_TEXT.notAmount });

/** A bank: one of the list, or, for Other, the bank's own name (a name that is not 'Other'). */
export const bankSchema = requiredText(FEE_LIMITS.bankMax).refine((bank) => bank !== 'Other', { error: 'must name the bank' });

/** A PayHere payment id, as on the student's PayHere receipt. */
export const payherePaymentIdSchema = z.string().trim().regex(/^\d{6,24}$/, { error: FEES_TEXT.payhereReferenceRequired });

const pageSchema = studentListQuerySchema.shape.page;
const pageSizeSchema = studentListQuerySchema.shape.pageSize;

// ---- Params ----

export const feeFolderParamsSchema = z.object({ folderId: storeIdSchema });
export const feeClassMonthParamsSchema = z.object({ folderId: storeIdSchema, month: monthSchema });
export const feeOrderParamsSchema = z.object({ orderId: entityIdSchema });
export const feeSlipParamsSchema = z.object({ slipId: entityIdSchema });
export const feePaymentParamsSchema = z.object({ paymentId: entityIdSchema });
export const feeStudentParamsSchema = z.object({ studentId: entityIdSchema });
export const feeCardParamsSchema = z.object({ cardId: entityIdSchema });
export const feeExceptionParamsSchema = z.object({ exceptionId: entityIdSchema });
export const feeAlertParamsSchema = z.object({ alertId: entityIdSchema });

// ---- Bodies (strict: an unknown field, an `amount` a student sends, is 400) ----

export const feePlanBodySchema = z
  .object({
    monthlyFee: wholeNumber(FEE_LIMITS.monthlyFeeMin, FEE_LIMITS.monthlyFeeMax),
    months: monthsSchema,
    dueDay: wholeNumber(FEE_LIMITS.dueDayMin, FEE_LIMITS.dueDayMax),
    graceDays: wholeNumber(FEE_LIMITS.graceDaysMin, FEE_LIMITS.graceDaysMax),
  })
  .strict();
export type FeePlanBody = z.input<typeof feePlanBodySchema>;

/** A folder's month tag; null removes it. */
export const monthTagBodySchema = z.object({ month: monthSchema.nullable() }).strict();
export type MonthTagBody = z.infer<typeof monthTagBodySchema>;

/** `folderId` is the class folder (or any folder in it: the class is its top folder). */
export const orderBodySchema = z.object({ folderId: storeIdSchema, month: monthSchema }).strict();
export type OrderBody = z.infer<typeof orderBodySchema>;

/** The slip's multipart text fields, each a string as multipart sends it. */
export const slipFieldsSchema = z
  .object({
    folderId: storeIdSchema,
    /** Comma-separated `YYYY-MM`, 1–12. */
    months: z
      .string({ error: 'is required' })
      .max(12 * 8 + 20, { error: 'must name at most 12 months' })
      .transform((value) =>
        value
          .split(',')
          .map((month) => month.trim())
          .filter((month) => month.length > 0),
      )
      .pipe(monthListSchema(FEE_LIMITS.slipMonthsMin, FEE_LIMITS.slipMonthsMax)),
    bank: bankSchema,
    reference: requiredText(FEE_LIMITS.referenceMax),
    amountCents: z
      .string({ error: FEES_TEXT.notAmount })
      .trim()
      .regex(/^\d{1,12}$/, { error: FEES_TEXT.notAmount })
      .transform(Number)
      .pipe(amountCentsSchema),
    paidOn: daySchema,
  })
  .strict();
export type SlipFields = z.input<typeof slipFieldsSchema>;

export const paymentBodySchema = z
  .object({
    /** Made by the dialog once, so a double click or a retry records one payment. */
    requestId: requiredText(FEE_LIMITS.requestIdMax),
    studentId: entityIdSchema,
    folderId: storeIdSchema,
    months: monthsSchema,
    method: oneOf(PAYMENT_METHODS),
    receivedOn: daySchema,
    bank: bankSchema.optional(),
    /** Bank: the transfer's reference; PayHere: its payment id; cash: the paper receipt book's number. */
    reference: requiredText(FEE_LIMITS.referenceMax).optional(),
    /** PayHere only: the order the lost notification belonged to. */
    orderId: entityIdSchema.optional(),
    note: optionalText(FEE_LIMITS.noteMax).optional(),
  })
  .strict()
  .superRefine((body, issues) => {
    if (body.method === 'bank') {
      if (!body.bank) issues.addIssue({ code: 'custom', path: ['bank'], message: FEES_TEXT.bankAndReferenceRequired });
      if (!body.reference) issues.addIssue({ code: 'custom', path: ['reference'], message: FEES_TEXT.bankAndReferenceRequired });
    }
    if (body.method === 'payhere' && !payherePaymentIdSchema.safeParse(body.reference ?? '').success) {
      issues.addIssue({ code: 'custom', path: ['reference'], message: FEES_TEXT.payhereReferenceRequired });
    }
    if (body.method !== 'payhere' && body.orderId !== undefined) {
      issues.addIssue({ code: 'custom', path: ['orderId'], message: FEES_TEXT.orderOnlyForPayhere });
    }
  });
export type PaymentBody = z.input<typeof paymentBodySchema>;

export const refundBodySchema = z
  .object({
    months: monthsSchema,
    way: oneOf(REFUND_WAYS),
    reason: requiredText(FEE_LIMITS.reasonMax),
  })
  .strict();
export type RefundBody = z.input<typeof refundBodySchema>;

export const freeCardBodySchema = z
  .object({
    studentId: entityIdSchema,
    folderId: storeIdSchema,
    kind: oneOf(FREE_CARD_KINDS),
    fromMonth: monthSchema,
    /** Null or left out: to the end of the class year. */
    untilMonth: monthSchema.nullable().optional(),
    reason: requiredText(FEE_LIMITS.reasonMax),
  })
  .strict()
  .refine((body) => !body.untilMonth || body.untilMonth >= body.fromMonth, { error: FEES_TEXT.untilBeforeFrom, path: ['untilMonth'] });
export type FreeCardBody = z.input<typeof freeCardBodySchema>;

export const exceptionBodySchema = z
  .object({
    studentId: entityIdSchema,
    folderId: storeIdSchema,
    month: monthSchema,
    reason: requiredText(FEE_LIMITS.reasonMax),
  })
  .strict();
export type ExceptionBody = z.infer<typeof exceptionBodySchema>;

export const remindBodySchema = z
  .object({
    folderId: storeIdSchema,
    month: monthSchema,
    /** Left out: every unpaid student of the month. */
    studentIds: z
      .array(entityIdSchema, { error: 'must be a list' })
      .min(1, { error: 'must name at least one student' })
      .max(FEE_LIMITS.remindStudentsMax, { error: `must name at most ${FEE_LIMITS.remindStudentsMax} students` })
      .optional(),
  })
  .strict();
export type RemindBody = z.infer<typeof remindBodySchema>;

export const rejectBodySchema = z.object({ reason: requiredText(FEE_LIMITS.reasonMax) }).strict();
export type RejectBody = z.infer<typeof rejectBodySchema>;

export const resolveAlertBodySchema = z.object({ note: optionalText(FEE_LIMITS.noteMax) }).strict();
export type ResolveAlertBody = z.infer<typeof resolveAlertBodySchema>;

// ---- Queries ----

export const slipsQuerySchema = z.object({
  state: oneOf(SLIP_STATES).optional(),
  folderId: storeIdSchema.optional(),
  search: z.string().trim().max(FEE_LIMITS.searchMax, { error: 'is too long' }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type SlipsQuery = z.input<typeof slipsQuerySchema>;

export const paymentsQuerySchema = z
  .object({
    folderId: storeIdSchema.optional(),
    month: monthSchema.optional(),
    method: oneOf(PAYMENT_METHODS).optional(),
    /** Sri Lanka days of receipt, both included. */
    from: daySchema.optional(),
    to: daySchema.optional(),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: FEES_TEXT.toBeforeFrom, path: ['to'] });
export type PaymentsQuery = z.input<typeof paymentsQuerySchema>;

export const classMonthQuerySchema = z.object({ state: oneOf(MONTH_STATES).optional() });
export type ClassMonthQuery = z.infer<typeof classMonthQuerySchema>;

/** Months, both included, at most 24. */
export const revenueQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine((query) => query.from <= query.to, { error: FEES_TEXT.toBeforeFrom, path: ['to'] })
  .refine((query) => monthsBetween(query.from, query.to) <= FEE_LIMITS.revenueMonthsMax, {
    error: `must be at most ${FEE_LIMITS.revenueMonthsMax} months after from`,
    path: ['to'],
  });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/** Sri Lanka days, both included. */
export const exportQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((query) => query.from <= query.to, { error: FEES_TEXT.toBeforeFrom, path: ['to'] });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const alertsQuerySchema = z.object({ open: z.enum(['true', 'false'], { error: 'must be true or false' }).optional() });
export type AlertsQuery = z.infer<typeof alertsQuerySchema>;

/** How many months from `from` to `to`, both counted: 2026-01 to 2026-03 is 3. */
export function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return ((toYear ?? 0) - (fromYear ?? 0)) * 12 + ((toMonth ?? 0) - (fromMonth ?? 0)) + 1;
}

// ---- PayHere's notification (form fields, all strings) ----

/**
 * The fields of PayHere's notification as the form sends them; the ones the portal reads are
 * checked here, the others (card holder, masked card, expiry, custom fields) are accepted and
 * never read, stored or logged.
 */
export const payhereNotificationSchema = z.object({
  merchant_id: z.string().min(1).max(64),
  order_id: z.string().min(1).max(64),
  payment_id: z.string().max(64).default(''),
  payhere_amount: z.string().min(1).max(32),
  payhere_currency: z.string().min(1).max(8),
  status_code: z.enum(PAYHERE_STATUS_CODES),
  md5sig: z.string().regex(/^[0-9a-fA-F]{32}$/),
  status_message: z.string().max(1000).optional(),
  method: z.string().max(64).optional(),
  captured_amount: z.string().max(32).optional(),
  card_holder_name: z.string().max(200).optional(),
  card_no: z.string().max(64).optional(),
  card_expiry: z.string().max(16).optional(),
  custom_1: z.string().max(500).optional(),
  custom_2: z.string().max(500).optional(),
  recurring: z.string().max(16).optional(),
  message_type: z.string().max(64).optional(),
  item_recurrence: z.string().max(64).optional(),
  item_duration: z.string().max(64).optional(),
  item_rec_status: z.string().max(16).optional(),
  item_rec_date_next: z.string().max(32).optional(),
  item_rec_install_paid: z.string().max(16).optional(),
});
export type PayHereNotification = z.infer<typeof payhereNotificationSchema>;

// ---- Answers ----

/** Who, as an answer names a person: their id and name as they are now (or were copied). */
const personSchema = z.object({ id: z.string(), name: z.string() });
const studentRefSchema = z.object({ id: z.string(), name: z.string(), regNo: z.string() });

export const feePlanSchema = z.object({
  monthlyFee: z.number().int(),
  months: z.array(z.string()),
  dueDay: z.number().int(),
  graceDays: z.number().int(),
  updatedAt: z.string(),
});
export type FeePlan = z.infer<typeof feePlanSchema>;
export const feePlanAnswerSchema = dataAnswer(feePlanSchema);

export const monthFolderSchema = z.object({ folderId: z.string(), name: z.string(), month: z.string() });
export type MonthFolder = z.infer<typeof monthFolderSchema>;
export const classFeesAnswerSchema = dataAnswer(z.object({ plan: feePlanSchema.nullable(), monthFolders: z.array(monthFolderSchema) }));
export type ClassFeesAnswer = z.infer<typeof classFeesAnswerSchema>;

export const monthTagAnswerSchema = dataAnswer(z.object({ folderId: z.string(), month: z.string().nullable() }));
export type MonthTagAnswer = z.infer<typeof monthTagAnswerSchema>;

/** `data: null`: a plan deleted, an exception ended, a notification taken. */
export const feeNullAnswerSchema = dataAnswer(z.null());

/** The hidden form the web posts to PayHere: exactly these fields, to `action`. */
export const checkoutSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });
export type Checkout = z.infer<typeof checkoutSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  checkout: checkoutSchema,
});
export type Order = z.infer<typeof orderSchema>;
export const orderAnswerSchema = dataAnswer(orderSchema);

export const receiptRefSchema = z.object({ paymentId: z.string(), receiptNo: z.number().int() });
export type ReceiptRef = z.infer<typeof receiptRefSchema>;

export const orderStateSchema = z.object({
  orderId: z.string(),
  state: z.enum(ORDER_STATES),
  className: z.string(),
  classFolderId: z.string(),
  month: z.string(),
  monthFolderId: z.string().nullable(),
  amountCents: z.number().int(),
  receipt: receiptRefSchema.nullable(),
});
export type OrderStateView = z.infer<typeof orderStateSchema>;
export const orderStateAnswerSchema = dataAnswer(orderStateSchema);

export const slipFlagSchema = z.object({
  kind: z.enum(SLIP_FLAG_KINDS),
  slipId: z.string().optional(),
  paymentId: z.string().optional(),
  student: studentRefSchema,
});
export type SlipFlag = z.infer<typeof slipFlagSchema>;

export const slipSchema = z.object({
  id: z.string(),
  student: studentRefSchema.extend({ batch: z.string().optional() }),
  classFolderId: z.string(),
  className: z.string(),
  months: z.array(z.string()),
  bank: z.string(),
  reference: z.string(),
  /** What the student says they transferred. */
  amountCents: z.number().int(),
  /** What the months cost them by the plan as it is (to admins; the student's own slips too). */
  dueCents: z.number().int(),
  paidOn: z.string(),
  fileType: z.enum(SLIP_STORED_TYPES),
  fileBytes: z.number().int(),
  state: z.enum(SLIP_STATES),
  /** A rejection's reason, which the student sees. */
  reason: z.string().nullable(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  receiptNo: z.number().int().nullable(),
  /** Duplicates (to admins; empty to students). */
  flags: z.array(slipFlagSchema),
  createdAt: z.string(),
});
export type Slip = z.infer<typeof slipSchema>;
export const slipAnswerSchema = dataAnswer(slipSchema);
export const slipsPageAnswerSchema = dataAnswer(z.array(slipSchema)).extend({ paging: pagingSchema });
export type SlipsPageAnswer = z.infer<typeof slipsPageAnswerSchema>;

export const paymentMonthSchema = z.object({ month: z.string(), amountCents: z.number().int(), state: z.enum(PAYMENT_MONTH_STATES) });
export type PaymentMonth = z.infer<typeof paymentMonthSchema>;

export const refundSchema = z.object({
  id: z.string(),
  months: z.array(z.string()),
  amountCents: z.number().int(),
  way: z.enum(REFUND_WAYS),
  reason: z.string(),
  recordedBy: personSchema.nullable(),
  recordedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  receiptNo: z.number().int(),
  student: studentRefSchema.extend({ id: z.string().nullable() }),
  classFolderId: z.string(),
  className: z.string(),
  method: z.enum(PAYMENT_METHODS),
  months: z.array(paymentMonthSchema),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  receivedAt: z.string(),
  receivedOn: z.string(),
  bank: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  orderId: z.string().nullable(),
  payherePaymentId: z.string().nullable(),
  slipId: z.string().nullable(),
  /** The admin who recorded it; null for PayHere's notification. */
  recordedBy: personSchema.nullable(),
  state: z.enum(PAYMENT_STATES),
  refunds: z.array(refundSchema),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentAnswerSchema = dataAnswer(paymentSchema);
export const paymentsPageAnswerSchema = dataAnswer(z.array(paymentSchema)).extend({ paging: pagingSchema });
export type PaymentsPageAnswer = z.infer<typeof paymentsPageAnswerSchema>;

export const slipDecisionAnswerSchema = dataAnswer(z.object({ slip: slipSchema, payment: paymentSchema }));
export type SlipDecisionAnswer = z.infer<typeof slipDecisionAnswerSchema>;

export const receiptSchema = z.object({
  paymentId: z.string(),
  receiptNo: z.number().int(),
  paidAt: z.string(),
  student: z.object({ name: z.string(), regNo: z.string() }),
  className: z.string(),
  months: z.array(z.object({ month: z.string(), amountCents: z.number().int() })),
  method: z.enum(PAYMENT_METHODS),
  bank: z.string().nullable(),
  reference: z.string().nullable(),
  totalCents: z.number().int(),
  currency: z.string(),
  refunds: z.array(z.object({ months: z.array(z.string()), amountCents: z.number().int(), way: z.enum(REFUND_WAYS), recordedAt: z.string() })),
  state: z.enum(PAYMENT_STATES),
  branding: brandingSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptAnswerSchema = dataAnswer(receiptSchema);

export const freeCardSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  classFolderId: z.string(),
  className: z.string(),
  kind: z.enum(FREE_CARD_KINDS),
  fromMonth: z.string(),
  /** Null: to the end of the class year. */
  untilMonth: z.string().nullable(),
  reason: z.string(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  endedBy: personSchema.nullable(),
  endedAt: z.string().nullable(),
});
export type FreeCard = z.infer<typeof freeCardSchema>;
export const freeCardAnswerSchema = dataAnswer(freeCardSchema);

export const feeExceptionSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  classFolderId: z.string(),
  className: z.string(),
  month: z.string(),
  reason: z.string(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
});
export type FeeException = z.infer<typeof feeExceptionSchema>;
export const feeExceptionAnswerSchema = dataAnswer(feeExceptionSchema);

/** One fee month of one student, as `mine` and a student's fees show it. */
export const studentMonthSchema = z.object({
  month: z.string(),
  state: z.enum(MONTH_STATES),
  /** May they open the month's folder now. */
  access: z.enum(FEE_ACCESS_STATES),
  /** Unpaid past its due date. */
  overdue: z.boolean(),
  /** What the month costs this student (half under a half card; 0 when free). */
  amountCents: z.number().int(),
  /** Instants: the due day's start and the grace end (23:59:59.999 Sri Lanka time). */
  dueOn: z.string(),
  graceEndsOn: z.string(),
  monthFolderId: z.string().nullable(),
  pending: z.enum(FEE_PENDING_KINDS).optional(),
  receiptNo: z.number().int().optional(),
  paymentId: z.string().optional(),
  /** The month's payment was charged back: "Your bank reversed this payment". */
  reversed: z.boolean().optional(),
});
export type StudentMonth = z.infer<typeof studentMonthSchema>;

export const studentClassFeesSchema = z.object({
  classFolderId: z.string(),
  className: z.string(),
  monthlyFee: z.number().int(),
  dueDay: z.number().int(),
  graceDays: z.number().int(),
  freeCard: z.object({ id: z.string(), kind: z.enum(FREE_CARD_KINDS), fromMonth: z.string(), untilMonth: z.string().nullable() }).nullable(),
  months: z.array(studentMonthSchema),
});
export type StudentClassFees = z.infer<typeof studentClassFeesSchema>;

export const myFeesSchema = z.object({
  classes: z.array(studentClassFeesSchema),
  payments: z.array(paymentSchema),
  slips: z.array(slipSchema),
  /** Whether Pay is offered (a merchant id is set). */
  onlinePayment: z.boolean(),
});
export type MyFees = z.infer<typeof myFeesSchema>;
export const myFeesAnswerSchema = dataAnswer(myFeesSchema);

export const studentFeesSchema = myFeesSchema.extend({
  student: studentRefSchema.extend({ batch: z.string(), email: z.string() }),
  freeCards: z.array(freeCardSchema),
  exceptions: z.array(feeExceptionSchema),
});
export type StudentFees = z.infer<typeof studentFeesSchema>;
export const studentFeesAnswerSchema = dataAnswer(studentFeesSchema);

/** One cell of the overview and the head of the class month. */
export const monthCountsSchema = z.object({
  month: z.string(),
  students: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  free: z.number().int(),
  half: z.number().int(),
  exception: z.number().int(),
  unpaid: z.number().int(),
  paidCents: z.number().int(),
  dueCents: z.number().int(),
});
export type MonthCounts = z.infer<typeof monthCountsSchema>;

export const overviewSchema = z.object({
  classes: z.array(z.object({ classFolderId: z.string(), className: z.string(), months: z.array(monthCountsSchema) })),
});
export type FeesOverview = z.infer<typeof overviewSchema>;
export const overviewAnswerSchema = dataAnswer(overviewSchema);

export const classMonthStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  regNo: z.string(),
  batch: z.string(),
  state: z.enum(MONTH_STATES),
  /** Under a half card. */
  half: z.boolean(),
  method: z.enum(PAYMENT_METHODS).optional(),
  receiptNo: z.number().int().optional(),
  paymentId: z.string().optional(),
  amountCents: z.number().int(),
  remindedAt: z.string().optional(),
});
export type ClassMonthStudent = z.infer<typeof classMonthStudentSchema>;

export const classMonthSchema = z.object({
  classFolderId: z.string(),
  className: z.string(),
  counts: monthCountsSchema,
  students: z.array(classMonthStudentSchema),
});
export type ClassMonth = z.infer<typeof classMonthSchema>;
export const classMonthAnswerSchema = dataAnswer(classMonthSchema);

export const remindAnswerSchema = dataAnswer(z.object({ sent: z.number().int(), skipped: z.number().int() }));
export type RemindAnswer = z.infer<typeof remindAnswerSchema>;

export const revenueSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      classes: z.array(z.object({ classFolderId: z.string(), className: z.string(), receivedCents: z.number().int(), refundedCents: z.number().int() })),
    }),
  ),
});
export type Revenue = z.infer<typeof revenueSchema>;
export const revenueAnswerSchema = dataAnswer(revenueSchema);

export const feeAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  slipId: z.string().nullable(),
  student: studentRefSchema.nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: personSchema.nullable(),
  note: z.string().nullable(),
});
export type FeeAlert = z.infer<typeof feeAlertSchema>;
export const feeAlertAnswerSchema = dataAnswer(feeAlertSchema);
export const feeAlertsAnswerSchema = dataAnswer(z.array(feeAlertSchema));

// ---- In class material's listings and refusals ----

/**
 * A tagged folder's `fee` in a listing: to an admin only `{month}`; to a student the month's state,
 * its amount for them, its due and grace end (instants), and what is pending on it.
 */
export const driveItemFeeSchema = z.object({
  month: z.string(),
  state: z.enum(FEE_ACCESS_STATES).optional(),
  amountCents: z.number().int().optional(),
  dueOn: z.string().optional(),
  graceEndsOn: z.string().optional(),
  pending: z.enum(FEE_PENDING_KINDS).optional(),
});
export type DriveItemFee = z.infer<typeof driveItemFeeSchema>;

/** What a refused student needs to pay the month, on the JSON routes' 403. */
export const feeLockedSchema = z.object({
  classFolderId: z.string(),
  className: z.string(),
  month: z.string(),
  amountCents: z.number().int(),
  dueOn: z.string(),
  graceEndsOn: z.string(),
});
export type FeeLocked = z.infer<typeof feeLockedSchema>;

/** The 403 of class material's routes: the shared error answer, plus `feeLocked` for a locked month. */
export const feeRefusalSchema = errorAnswerSchema.extend({ feeLocked: feeLockedSchema.optional() });
export type FeeRefusal = z.infer<typeof feeRefusalSchema>;
