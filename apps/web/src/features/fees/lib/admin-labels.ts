import { t } from 'i18next';
import type { AlertKind, MonthState, PaymentMethod, PaymentState, RefundWay, SlipState } from '@academy/contract';

// The admins' screen's words for the contract's states and kinds, each by its dictionary key, so
// every table, dialog and CSV of the screen says a state the same way in the reader's language.

const MONTH_STATE_KEYS = {
  paid: 'fees.statePaid',
  free: 'fees.stateFree',
  exception: 'fees.stateException',
  pending: 'fees.statePending',
  unpaid: 'fees.stateUnpaid',
} as const satisfies Record<MonthState, string>;

const METHOD_KEYS = {
  payhere: 'fees.methodPayhere',
  bank: 'fees.methodBank',
  cash: 'fees.methodCash',
} as const satisfies Record<PaymentMethod, string>;

const PAYMENT_STATE_KEYS = {
  paid: 'fees.statePaid',
  'partly-refunded': 'feesAdmin.paymentPartlyRefunded',
  refunded: 'feesAdmin.paymentRefunded',
  'charged-back': 'feesAdmin.paymentChargedBack',
} as const satisfies Record<PaymentState, string>;

const SLIP_STATE_KEYS = {
  pending: 'feesAdmin.slipPending',
  approved: 'feesAdmin.slipApproved',
  rejected: 'feesAdmin.slipRejected',
} as const satisfies Record<SlipState, string>;

const ALERT_KIND_KEYS = {
  chargeback: 'fees.alertChargeback',
  'amount-mismatch': 'fees.alertAmountMismatch',
  'paid-twice': 'fees.alertPaidTwice',
  'duplicate-slip': 'fees.alertDuplicateSlip',
} as const satisfies Record<AlertKind, string>;

const REFUND_WAY_KEYS = {
  payhere: 'feesAdmin.wayPayhere',
  bank: 'feesAdmin.wayBank',
  cash: 'feesAdmin.wayCash',
} as const satisfies Record<RefundWay, string>;

export const monthStateLabel = (state: MonthState): string => t(MONTH_STATE_KEYS[state]);
export const methodLabel = (method: PaymentMethod): string => t(METHOD_KEYS[method]);
export const paymentStateLabel = (state: PaymentState): string => t(PAYMENT_STATE_KEYS[state]);
export const slipStateLabel = (state: SlipState): string => t(SLIP_STATE_KEYS[state]);
export const alertKindLabel = (kind: AlertKind): string => t(ALERT_KIND_KEYS[kind]);
export const refundWayLabel = (way: RefundWay): string => t(REFUND_WAY_KEYS[way]);
