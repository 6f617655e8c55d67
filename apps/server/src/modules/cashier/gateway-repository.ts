import { objectWith } from '@spm/core';
import { and, asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { appSettings } from '../site/tables.ts';
import { gatewaySimPayments, paymentGateways, type SIM_PAYMENT_STATUSES } from './tables.ts';

export type GatewayRow = typeof paymentGateways.$inferSelect;
export type NewGatewayRow = typeof paymentGateways.$inferInsert;

export function listGatewayRows(db: DbHandle): Promise<GatewayRow[]> {
  return db
    .select()
    .from(paymentGateways)
    .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.code));
}

export async function findGatewayRow(db: DbHandle, code: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.code, code))
    .limit(1);
  return row;
}

/** Seeds: inserts rows whose code is absent, leaving operator-edited ones alone. */
export async function insertGatewaysIfAbsent(db: DbHandle, rows: NewGatewayRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(paymentGateways).values(rows).onConflictDoNothing({
    target: paymentGateways.code,
  });
}

export async function updateGatewayRow(
  db: DbHandle,
  code: string,
  changes: Partial<NewGatewayRow>,
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(paymentGateways)
    .set(objectWith(changes, { updatedAt: new Date() }))
    .where(eq(paymentGateways.code, code))
    .returning();
  return row;
}

/** Inserts the setting when absent, then answers the stored value (whoever inserted it). */
export async function insertSettingIfAbsentAndRead(
  db: DbHandle,
  key: string,
  value: unknown,
): Promise<unknown> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing({
    target: appSettings.key,
  });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .limit(1);
  return row?.value;
}

// The built-in gateway simulator's own book (gateway_sim_payments).
export type SimPaymentRow = typeof gatewaySimPayments.$inferSelect;
export type NewSimPaymentRow = typeof gatewaySimPayments.$inferInsert;
export type SimPaymentStatus = (typeof SIM_PAYMENT_STATUSES)[number];

export async function insertSimPayment(db: DbHandle, row: NewSimPaymentRow): Promise<void> {
  await db.insert(gatewaySimPayments).values(row);
}

export async function findSimPayment(
  db: DbHandle,
  txnId: string,
): Promise<SimPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(gatewaySimPayments)
    .where(eq(gatewaySimPayments.txnId, txnId))
    .limit(1);
  return row;
}

/** created -> paid or failed, once: the row of the one caller that changed it, else none. */
export async function finishSimPayment(
  db: DbHandle,
  txnId: string,
  status: Exclude<SimPaymentStatus, 'created'>,
): Promise<SimPaymentRow | undefined> {
  const [row] = await db
    .update(gatewaySimPayments)
    .set({ status })
    .where(and(eq(gatewaySimPayments.txnId, txnId), eq(gatewaySimPayments.status, 'created')))
    .returning();
  return row;
}
