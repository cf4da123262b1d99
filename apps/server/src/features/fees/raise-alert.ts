// Raising an alert for the admins' Needs attention list (fees.md 'The admins' fees screen'), in
// the transaction of the change that found it: a chargeback, an authentic notification with
// another amount, a month paid twice. Listing and resolving them is the alerts screen's part.
import type { AlertKind } from '@academy/contract';
import type { Db } from '../../db/database';

export interface NewAlert {
  kind: AlertKind;
  orderId?: string | null;
  paymentId?: string | null;
  slipId?: string | null;
  accountId?: string | null;
  detail?: Record<string, unknown>;
}

export async function raiseAlert(tx: Db, alert: NewAlert, at: string): Promise<void> {
  await tx
    .insertInto('fee_alerts')
    .values({
      id: crypto.randomUUID(),
      kind: alert.kind,
      order_id: alert.orderId ?? null,
      payment_id: alert.paymentId ?? null,
      slip_id: alert.slipId ?? null,
      account_id: alert.accountId ?? null,
      detail_json: JSON.stringify(alert.detail ?? {}),
      created_at: at,
      resolved_at: null,
      resolved_by: null,
      note: null,
    })
    .execute();
}
