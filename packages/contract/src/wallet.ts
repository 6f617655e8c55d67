import { z } from 'zod';
// In the zod-free constants module: the player app's first page uses them without schemas.
import { STATEMENT_WALLETS } from './constants.ts';

/**
 * Wallet, statement, exposure and notifications (SPEC 3, 4.5, 7.3, 7.8; DESIGN 4). Amounts on
 * the wire are points with at most 2 decimals; the server keeps paise.
 */
export const pointsSchema = z
  .number()
  .finite()
  .refine((value) => Math.round(value * 100) / 100 === value, 'At most 2 decimals');

/** The wallet of SPEC 3 plus exposure. balance = what can be staked or withdrawn now. */
export const walletSchema = z.object({
  balance: z.number(),
  cash: z.number(),
  coins: z.number(),
  sports: z.number(),
  wicket: z.number(),
  exposure: z.number(),
});
export type Wallet = z.infer<typeof walletSchema>;

/**
 * A wallet read with the wallet version of the last money change it includes (the `version`
 * of update_balance): an app that already applied a newer push keeps that one. Optional so a
 * payload of an older server still parses.
 */
export const versionedWalletSchema = walletSchema.extend({
  version: z.number().int().nonnegative().optional(),
});
export type VersionedWallet = z.infer<typeof versionedWalletSchema>;

/** Ack of the realtime `get:balance` request (the wallet with its version). */
export const getBalanceAckSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    data: versionedWalletSchema,
  }),
  z.object({ status: z.literal('failed'), message: z.string() }),
]);
export type GetBalanceAck = z.infer<typeof getBalanceAckSchema>;

/** GET /api/bet/exposure/amount */
export const exposureAmountSchema = z.object({ exposureAmount: z.number() });

/** Kinds of movement a statement line can show; the apps translate them by key. */
export const STATEMENT_ENTRY_TYPES = [
  'adjustment_credit',
  'adjustment_debit',
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_release',
  'bet_hold',
  'bet_release',
  'bet_settlement',
  'bonus',
  'bonus_release',
  'bonus_forfeit',
  'demo_credit',
  'play_allowance',
] as const;
export type StatementEntryType = (typeof STATEMENT_ENTRY_TYPES)[number];

/**
 * What a statement line is, named by product and operation (issue 41 item 10): a casino stake
 * reads "Casino stake", not "Bet settled". A line of a wallet operation is `{product}.{operation}`
 * (crash names its win a cash-out); a line without one (cashier, staff, bonus) is named by its
 * ledger kind. Products that do not post yet (crash, sportsbook, bonus release) are here already,
 * with their translations, so they only have to post under their product name. No kind is a
 * prefix of another: the apps' translation keys nest on the dots.
 */
export const STATEMENT_KINDS = [
  'exchange.stake',
  'exchange.release',
  'exchange.win',
  'exchange.settlement',
  'exchange.rollback',
  'exchange.reversal',
  'casino.stake',
  'casino.release',
  'casino.win',
  'casino.settlement',
  'casino.rollback',
  'casino.reversal',
  'crash.stake',
  'crash.release',
  'crash.cashout',
  'crash.settlement',
  'crash.rollback',
  'crash.reversal',
  'sportsbook.stake',
  'sportsbook.release',
  'sportsbook.win',
  'sportsbook.settlement',
  'sportsbook.rollback',
  'sportsbook.reversal',
  'bet.hold',
  'bet.release',
  'bet.settlement',
  'bonus.grant',
  'bonus.release',
  'bonus.forfeit',
  'deposit',
  'withdrawal.requested',
  'withdrawal.paid',
  'withdrawal.returned',
  'adjustment.credit',
  'adjustment.debit',
  'demo.credit',
  'play.allowance',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];
export const statementKindSchema = z.enum(STATEMENT_KINDS);

/** Longest statement range, counting both ends; the screen defaults to the last 7 days. */
export const STATEMENT_MAX_DAYS = 92;
export const STATEMENT_DEFAULT_DAYS = 7;

/** GET /api/getAccountstatement/{from}/{to}: dates are the player's (Asia/Kolkata), inclusive. */
export const statementParamsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
});
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const statementEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  /** The ledger's kind of movement (kept for readers that group by it). */
  type: z.enum(STATEMENT_ENTRY_TYPES),
  /** What the line is, by product and operation: what the apps show. */
  kind: statementKindSchema,
  wallet: z.enum(STATEMENT_WALLETS),
  description: z.string(),
  reference: z.string(),
  credit: z.number(),
  debit: z.number(),
  balanceAfter: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
export const statementSchema = pagedSchema(statementEntrySchema);

export const NOTIFICATION_STATUSES = ['success', 'info', 'warning', 'error'] as const;

/** Notifications: stored per player, fetched only when signed in (SPEC 3, 6). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsSchema = pagedSchema(notificationSchema).extend({
  unread: z.number().int(),
});
/** POST /api/notifications/read: the given ids, or every notification when ids is absent. */
export const markNotificationsReadBodySchema = z.object({
  ids: z.array(z.string()).max(100).optional(),
});

export const markNotificationsReadAnswerSchema = z.object({ unread: z.number().int() });

/** The realtime toast payload of SPEC 3; status may be anything, the app maps unknown to error. */
export const notificationToastSchema = z.object({
  title: z.string().optional(),
  message: z.string().optional(),
  status: z.string().optional(),
});
export type NotificationToast = z.infer<typeof notificationToastSchema>;

/** POST /api/staff/players/{playerId}/adjustments (admin only, audited, reason required). */
export const adjustmentBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: pointsSchema.refine((value) => value > 0, 'Amount must be more than 0'),
  reason: z.string().trim().min(3, 'A reason is required').max(500),
  idempotencyKey: z.string().min(8).max(100),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;
export const adjustmentParamsSchema = z.object({
  playerId: z.string().regex(/^\d{1,15}$/, 'Not a player id'),
});
export const adjustmentAnswerSchema = z.object({
  transactionId: z.string(),
  wallet: walletSchema,
});
