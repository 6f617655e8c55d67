import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/columns.ts';
import { users, staffUsers } from '../identity/tables.ts';
import { uploads } from '../../uploads/upload-tables.ts';

/*
 * The cashier (issue 6, docs/cashier.md): gateways, uploads, deposits, bank details,
 * withdrawals and KYC. Money only moves through the ledger; these rows are the requests and
 * their decisions. A decision is a conditional UPDATE `where status = 'pending'`, so of two
 * staff clicking at once exactly one changes the row (and posts to the ledger).
 */
export const GATEWAY_ADAPTERS = ['manual', 'fastpay'] as const;

export const paymentGateways = pgTable('payment_gateways', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  currency: text('currency').notNull().default('INR'),
  // Paise of points one unit of the currency is worth (100 for INR, 9000 for USDT at 90).
  unitPricePaise: bigint('unit_price_paise', { mode: 'bigint' }).notNull(),
  minDepositPaise: bigint('min_deposit_paise', { mode: 'bigint' }).notNull(),
  maxDepositPaise: bigint('max_deposit_paise', { mode: 'bigint' }).notNull(),
  presetsPaise: jsonb('presets_paise').$type<string[]>().notNull(),
  instructions: text('instructions').notNull().default(''),
  payTo: jsonb('pay_to').$type<Record<string, string | null>>().notNull(),
  // The uploaded QR image (uploads.id), served publicly at /api/gateways/{code}/qr.
  qrUploadId: uuid('qr_upload_id'),
  adapter: text('adapter', { enum: GATEWAY_ADAPTERS }).notNull().default('manual'),
  // Basis points: 1000 = 10 %.
  depositBonusBps: integer('deposit_bonus_bps').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  withdrawEnabled: boolean('withdraw_enabled').notNull().default(false),
  minWithdrawPaise: bigint('min_withdraw_paise', { mode: 'bigint' }).notNull(),
  maxWithdrawPaise: bigint('max_withdraw_paise', { mode: 'bigint' }).notNull(),
  withdrawExtraBps: integer('withdraw_extra_bps').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** `cancelled`: the player cancelled the payment at the gateway (issue 40 item 7). */
export const DEPOSIT_STATUSES = [
  'pending',
  'approved',
  'declined',
  'expired',
  'cancelled',
] as const;

export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gatewayCode: text('gateway_code')
      .notNull()
      .references(() => paymentGateways.code),
    automated: boolean('automated').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    bonusPaise: bigint('bonus_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    // The player's UTR / transaction reference (manual deposits), stored upper-cased.
    reference: text('reference'),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    expiresAt: timestampTz('expires_at').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    // Automated deposits: the gateway's ids and where to pay.
    gatewayTxnId: text('gateway_txn_id'),
    payUrl: text('pay_url'),
    payAddress: text('pay_address'),
    network: text('network'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'deposit_requests_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined', 'expired', 'cancelled')`,
    ),
    check('deposit_requests_amount_check', sql`${table.amountPaise} > 0`),
    // A reference is used once, whoever used it; an expired request gives its reference back.
    uniqueIndex('deposit_requests_reference_key')
      .on(table.reference)
      .where(sql`${table.reference} is not null and ${table.status} <> 'expired'`),
    uniqueIndex('deposit_requests_gateway_txn_key').on(table.gatewayCode, table.gatewayTxnId),
    index('deposit_requests_player_created_idx').on(table.playerId, table.createdAt),
    index('deposit_requests_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const BANK_DETAIL_TYPES = ['bank', 'card', 'upi'] as const;

/** SPEC 3 bank fields. Soft-deleted: withdrawals keep a snapshot, the row stays for audit. */
export const bankDetails = pgTable(
  'bank_details',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: BANK_DETAIL_TYPES }).notNull(),
    accountNo: text('account_no').notNull(),
    accountName: text('account_name').notNull(),
    iban: text('iban'),
    ifscCode: text('ifsc_code'),
    bankName: text('bank_name'),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: timestampTz('updated_at').notNull(),
    deletedAt: timestampTz('deleted_at'),
  },
  (table) => [
    check('bank_details_type_check', sql`${table.type} in ('bank', 'card', 'upi')`),
    index('bank_details_player_idx').on(table.playerId),
  ],
);

export const WITHDRAW_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;

export const WITHDRAW_DESTINATION_TYPES = ['bank', 'card', 'upi', 'crypto'] as const;

export const withdrawRequests = pgTable(
  'withdraw_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
    extraPaise: bigint('extra_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    destinationType: text('destination_type', { enum: WITHDRAW_DESTINATION_TYPES }).notNull(),
    bankDetailId: bigint('bank_detail_id', { mode: 'number' }).references(() => bankDetails.id),
    gatewayCode: text('gateway_code').references(() => paymentGateways.code),
    // What the destination was when requested (later edits do not change where money goes).
    destination: jsonb('destination').$type<Record<string, string | null>>().notNull(),
    status: text('status', { enum: WITHDRAW_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'withdraw_requests_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined', 'cancelled')`,
    ),
    check('withdraw_requests_amount_check', sql`${table.amountPaise} > 0`),
    uniqueIndex('withdraw_requests_player_key').on(table.playerId, table.idempotencyKey),
    index('withdraw_requests_player_created_idx').on(table.playerId, table.createdAt),
    index('withdraw_requests_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const KYC_STATUSES = ['pending', 'approved', 'declined'] as const;

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    docType: integer('doc_type').notNull(),
    docId: text('doc_id'),
    frontUploadId: uuid('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    backUploadId: uuid('back_upload_id').references(() => uploads.id),
    status: text('status', { enum: KYC_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    note: text('note'),
    decidedAt: timestampTz('decided_at'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check(
      'kyc_submissions_status_check',
      sql`${table.status} in ('pending', 'approved', 'declined')`,
    ),
    check('kyc_submissions_doc_type_check', sql`${table.docType} in (0, 2, 3, 4)`),
    // One submission under review at a time.
    uniqueIndex('kyc_submissions_pending_key')
      .on(table.playerId)
      .where(sql`${table.status} = 'pending'`),
    index('kyc_submissions_player_created_idx').on(table.playerId, table.createdAt),
    index('kyc_submissions_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const SIM_PAYMENT_STATUSES = ['created', 'paid', 'failed', 'cancelled'] as const;

/**
 * The built-in gateway simulator's own book (it stands in for the external gateway in the
 * embedded default): payments it was asked to create, paid or failed on its pay page.
 */
export const gatewaySimPayments = pgTable('gateway_sim_payments', {
  txnId: text('txn_id').primaryKey(),
  merchantReference: text('merchant_reference').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull(),
  payAmount: text('pay_amount').notNull(),
  currency: text('currency').notNull(),
  payAddress: text('pay_address'),
  network: text('network'),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: SIM_PAYMENT_STATUSES }).notNull().default('created'),
  createdAt: timestampTz('created_at').notNull(),
});
