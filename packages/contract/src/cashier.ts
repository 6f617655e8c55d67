import { z } from 'zod';
import { REQUEST_STATUSES } from './constants.ts';
import { pageQuerySchema, pagedSchema, pointsSchema, versionedWalletSchema } from './wallet.ts';

/*
 * The cashier (SPEC 3, 7.4, 9; issue 6): payment gateways, deposits, bank details,
 * withdrawals and KYC. Amounts on the wire are points (at most 2 decimals); the server keeps
 * paise. Multipart endpoints validate their text fields with the `*FieldsSchema`s below.
 */

// ---------------------------------------------------------------------------------------
// Messages the forms show (English; the apps translate them by key, `cashier.messages.<key>`).
// ---------------------------------------------------------------------------------------
export const CASHIER_MESSAGES = {
  amountRequired: 'Enter an amount.',
  amountPositive: 'Amount must be more than 0.',
  amountDecimals: 'At most 2 decimals.',
  referenceRequired: 'Enter the transaction reference (UTR).',
  referenceFormat: 'The reference is 6 to 80 letters, digits or dashes.',
  accountNameRequired: 'Enter the account holder name.',
  accountNoDigits: 'Account number must be 9 to 18 digits.',
  cardNumber: 'Enter a valid card number.',
  upiId: 'Enter a valid UPI id (for example name@bank).',
  ifscCode: 'Enter a valid IFSC code (for example SBIN0001234).',
  bankNameRequired: 'Enter the bank name.',
  iban: 'Enter a valid IBAN.',
  otpFormat: 'Enter the 6-digit OTP.',
  addressTrc20: 'Enter a valid TRC20 address (starts with T, 34 characters).',
  addressBep20: 'Enter a valid BEP20 address (0x followed by 40 hex characters).',
  addressRequired: 'Enter the wallet address.',
  docTypeInvalid: 'Choose a document type.',
  docIdRequired: 'Enter the document number.',
  panFormat: 'Enter a valid PAN (for example ABCDE1234F).',
  aadhaarFormat: 'Enter a valid 12-digit Aadhaar number.',
  frontRequired: 'Upload the front side.',
  backRequired: 'Upload the back side.',
  proofRequired: 'Upload the payment proof.',
  reasonRequired: 'A reason is required.',
} as const;
export type CashierMessageKey = keyof typeof CASHIER_MESSAGES;

// ---------------------------------------------------------------------------------------
// Uploads (DESIGN 6): multipart, size/count/magic-byte limits, stored outside the web root.
// ---------------------------------------------------------------------------------------
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
/** Default per-file limit; the server's UPLOAD_MAX_BYTES may lower or raise it. */
export const UPLOAD_MAX_BYTES_DEFAULT = 5 * 1024 * 1024;
/** Text fields one multipart request may carry (more is 413 TOO_MANY_PARTS). */
export const UPLOAD_MAX_FIELDS = 10;
/**
 * Pixels an uploaded image may declare (width x height): 40 MP takes any phone photo or
 * screenshot, while a decompression bomb (a small file declaring a vast canvas) is refused
 * from its header with 413 before it is decoded (docs/cashier.md "Uploaded images").
 */
export const UPLOAD_MAX_INPUT_PIXELS = 40_000_000;

// ---------------------------------------------------------------------------------------
// Payment gateways: GET /api/gateways, /api/gateways/{code}, /api/withdraw/gateways
// ---------------------------------------------------------------------------------------
/** SPEC 3: the seeded gateway codes. Staff may add more later; codes stay this shape. */
export const SEEDED_GATEWAY_CODES = [
  'm_bkash',
  'm_nagad',
  'm_paytm',
  'm_binance_tron',
  'm_binance_bsc',
] as const;
export const gatewayCodeSchema = z.string().regex(/^[a-z0-9_]{2,40}$/, 'Not a gateway code');
export const GATEWAY_KINDS = ['upi', 'bank', 'wallet', 'crypto'] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];
export const GATEWAY_CURRENCIES = ['INR', 'USDT'] as const;
/** Crypto networks a gateway pays on or to. */
export const CRYPTO_NETWORKS = ['TRC20', 'BEP20'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** Where the player pays to (manual gateways) or what the automated gateway uses. */
export const gatewayPayToSchema = z.object({
  upiId: z.string().nullable(),
  /** An uploaded QR (`/api/gateways/{code}/qr`) or an https address; null: the app draws one. */
  qrImageUrl: z.string().nullable(),
  accountNo: z.string().nullable(),
  accountName: z.string().nullable(),
  ifscCode: z.string().nullable(),
  bankName: z.string().nullable(),
  walletAddress: z.string().nullable(),
  network: z.enum(CRYPTO_NETWORKS).nullable(),
});
export type GatewayPayTo = z.infer<typeof gatewayPayToSchema>;

export const gatewaySchema = z.object({
  code: gatewayCodeSchema,
  name: z.string(),
  kind: z.enum(GATEWAY_KINDS),
  currency: z.enum(GATEWAY_CURRENCIES),
  /** Points one unit of the currency is worth (1 for INR; e.g. 90 for USDT). */
  pointsPerUnit: z.number(),
  /** Deposit limits in points. */
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Preset amount buttons of the deposit screen, in points. */
  presets: z.array(z.number()),
  instructions: z.string(),
  payTo: gatewayPayToSchema,
  /** true: POST /deposit/fastpayme (pay page + signed callback); false: manual with proof. */
  automated: z.boolean(),
  /** SPEC 9 crypto offer: bonus credited (to coins) on an approved deposit, in percent. */
  depositBonusPercent: z.number(),
  enabled: z.boolean(),
  /** Offered at /withdraw/gateways (POST /withdrawRequest/dynamic). */
  withdrawEnabled: z.boolean(),
  withdrawMinAmount: z.number(),
  withdrawMaxAmount: z.number(),
  /** SPEC 9: 3% extra paid on USDT TRC20 withdrawals. */
  withdrawExtraPercent: z.number(),
  sortOrder: z.number().int(),
});
export type Gateway = z.infer<typeof gatewaySchema>;
export const gatewaysSchema = z.array(gatewaySchema);
export const gatewayParamsSchema = z.object({ code: gatewayCodeSchema });

/** PATCH /api/staff/gateways/{code} (admin, audited): any subset of the editable fields. */
export const gatewayUpdateBodySchema = z
  .object({
    name: z.string().trim().min(2).max(60),
    kind: z.enum(GATEWAY_KINDS),
    currency: z.enum(GATEWAY_CURRENCIES),
    pointsPerUnit: pointsSchema.refine((value) => value > 0),
    minAmount: pointsSchema.refine((value) => value > 0),
    maxAmount: pointsSchema.refine((value) => value > 0),
    presets: z.array(pointsSchema.refine((value) => value > 0)).max(8),
    instructions: z.string().max(2000),
    payTo: gatewayPayToSchema.partial(),
    depositBonusPercent: z.number().min(0).max(100),
    enabled: z.boolean(),
    withdrawEnabled: z.boolean(),
    withdrawMinAmount: pointsSchema.refine((value) => value > 0),
    withdrawMaxAmount: pointsSchema.refine((value) => value > 0),
    withdrawExtraPercent: z.number().min(0).max(100),
    sortOrder: z.number().int().min(0).max(1000),
  })
  .partial()
  .refine(
    (body) =>
      body.minAmount === undefined ||
      body.maxAmount === undefined ||
      body.minAmount <= body.maxAmount,
    { message: 'The minimum must not be above the maximum', path: ['maxAmount'] },
  );
export type GatewayUpdateBody = z.infer<typeof gatewayUpdateBodySchema>;

// ---------------------------------------------------------------------------------------
// Deposits
// ---------------------------------------------------------------------------------------
/**
 * A staff request's statuses, and `cancelled`: the player cancelled the payment at an
 * automated gateway themselves, which is not a failure (issue 40 item 7).
 */
export const DEPOSIT_STATUSES = [...REQUEST_STATUSES, 'cancelled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * An amount as a person types it: digits, then optionally a point and one or two digits
 * (`100`, `100.5`, `100.50`). At most 12 integer digits, far above any limit, so the number
 * stays exact. Multipart fields are text, and Number() would also read `0x64`, `1e2`,
 * ` 100`, `+100` and `Infinity` (issue 11); this is the one rule for them.
 */
export const PLAIN_AMOUNT_PATTERN = /^\d{1,12}(?:\.\d{1,2})?$/;

/** Why `text` is not a plain amount (a CASHIER_MESSAGES text), or null when it is one. */
export function plainAmountProblem(text: string): string | null {
  if (PLAIN_AMOUNT_PATTERN.test(text)) return null;
  // Only the decimals are wrong: say so, as the form does.
  if (/^\d{1,12}\.\d{3,}$/.test(text)) return CASHIER_MESSAGES.amountDecimals;
  return CASHIER_MESSAGES.amountRequired;
}

/** A multipart amount field: plain decimal text (PLAIN_AMOUNT_PATTERN), read as points. */
export const amountFieldSchema = z
  .string({ error: CASHIER_MESSAGES.amountRequired })
  .superRefine((text, context) => {
    const problem = plainAmountProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(Number)
  .pipe(z.number().positive(CASHIER_MESSAGES.amountPositive));
const positivePointsSchema = z
  .number({ error: CASHIER_MESSAGES.amountRequired })
  .positive(CASHIER_MESSAGES.amountPositive)
  .refine((value) => Math.round(value * 100) / 100 === value, CASHIER_MESSAGES.amountDecimals);

export const referenceSchema = z
  .string()
  .trim()
  .min(1, CASHIER_MESSAGES.referenceRequired)
  .regex(/^[A-Za-z0-9-]{6,80}$/, CASHIER_MESSAGES.referenceFormat);

/** The file part of POST /api/deposit/create. */
export const DEPOSIT_PROOF_FIELD = 'proof';
/** POST /api/deposit/create (multipart): these text fields plus one `proof` image. */
export const depositCreateFieldsSchema = z.object({
  gateway: gatewayCodeSchema,
  amount: amountFieldSchema,
  reference: referenceSchema,
});
export type DepositCreateFields = z.infer<typeof depositCreateFieldsSchema>;

export const depositSchema = z.object({
  id: z.string(),
  gateway: z.string(),
  gatewayName: z.string(),
  amount: z.number(),
  /** Bonus credited with it (crypto offer), 0 when none. */
  bonus: z.number(),
  reference: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Why staff declined it (or why it expired, failed or was cancelled at the gateway). */
  reason: z.string().nullable(),
  automated: z.boolean(),
  /** Automated deposits: where to pay while pending. */
  payUrl: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

const dateFilterSchema = z.iso.date().optional();
/** GET /api/deposit/get */
export const depositListQuerySchema = pageQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  gateway: gatewayCodeSchema.optional(),
  /** Indian calendar days, inclusive. */
  from: dateFilterSchema,
  to: dateFilterSchema,
});
export const depositListSchema = pagedSchema(depositSchema);

/** POST /api/deposit/fastpayme: start an automated (gateway) payment. */
export const fastpayBodySchema = z.object({
  gateway: gatewayCodeSchema,
  amount: positivePointsSchema,
});
export const fastpayAnswerSchema = z.object({
  deposit: depositSchema,
  /** The gateway's pay page. */
  payUrl: z.string(),
  /** The address to pay at (crypto) or null. */
  payAddress: z.string().nullable(),
  network: z.enum(CRYPTO_NETWORKS).nullable(),
  /** What to send, in the gateway's currency. */
  payAmount: z.number(),
  currency: z.enum(GATEWAY_CURRENCIES),
});
export type FastpayAnswer = z.infer<typeof fastpayAnswerSchema>;

/**
 * POST /api/deposit/fastpayme/callback: the gateway's server-to-server notice. Signed:
 * `x-fastpay-signature` = hex HMAC-SHA256(secret, `${x-fastpay-timestamp}.${raw body}`).
 */
export const FASTPAY_SIGNATURE_HEADER = 'x-fastpay-signature';
export const FASTPAY_TIMESTAMP_HEADER = 'x-fastpay-timestamp';
/** A callback signed longer ago than this is refused (replay window). */
export const FASTPAY_CALLBACK_MAX_AGE_MS = 5 * 60_000;
export const fastpayCallbackBodySchema = z.object({
  /** The gateway's own transaction id: the idempotency key of the credit. */
  txnId: z.string().min(1).max(100),
  /** Our deposit id, as we gave it at creation. */
  merchantReference: z.string().regex(/^\d{1,18}$/),
  /** `cancelled`: the player cancelled at the gateway; `failed`: the payment itself failed. */
  status: z.enum(['paid', 'failed', 'cancelled']),
  /** Points received. */
  amount: z.number().nonnegative(),
  paidAt: z.string(),
});
export type FastpayCallbackBody = z.infer<typeof fastpayCallbackBodySchema>;
export const fastpayCallbackAnswerSchema = z.object({
  depositId: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** true when this transaction id had been processed before: nothing new happened. */
  duplicate: z.boolean(),
});

// ---------------------------------------------------------------------------------------
// Bank details: GET /api/bank/{id?}, POST, PATCH, DELETE /api/bank
// ---------------------------------------------------------------------------------------
export const BANK_DETAIL_TYPES = ['bank', 'card', 'upi'] as const;
export type BankDetailType = (typeof BANK_DETAIL_TYPES)[number];
export const MAX_BANK_DETAILS = 10;

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const ACCOUNT_NO_PATTERN = /^\d{9,18}$/;
export const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Luhn check of a card number's digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * The fields of SPEC 3 (accountNo, accountName, iban, ifscCode, bankName) per type:
 * bank: account digits + IFSC + bank name; card: a Luhn-valid card number; upi: accountNo is
 * the UPI id. Spaces in numbers are dropped; IFSC and IBAN are upper-cased.
 */
export const bankDetailBodySchema = z
  .object({
    type: z.enum(BANK_DETAIL_TYPES),
    accountNo: z.string().trim().max(256),
    accountName: z.string().trim().min(1, CASHIER_MESSAGES.accountNameRequired).max(100),
    iban: optionalText(34).transform((value) => value?.replace(/\s+/g, '').toUpperCase()),
    ifscCode: optionalText(11).transform((value) => value?.toUpperCase()),
    bankName: optionalText(100),
  })
  .transform((body) =>
    body.type === 'upi' ? body : { ...body, accountNo: body.accountNo.replace(/[\s-]+/g, '') },
  )
  .superRefine((body, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (body.type === 'upi') {
      if (!UPI_ID_PATTERN.test(body.accountNo)) issue('accountNo', CASHIER_MESSAGES.upiId);
      return;
    }
    if (body.type === 'card') {
      if (!isLuhnValid(body.accountNo)) issue('accountNo', CASHIER_MESSAGES.cardNumber);
      return;
    }
    if (!ACCOUNT_NO_PATTERN.test(body.accountNo))
      issue('accountNo', CASHIER_MESSAGES.accountNoDigits);
    if (body.ifscCode === undefined || !IFSC_PATTERN.test(body.ifscCode)) {
      issue('ifscCode', CASHIER_MESSAGES.ifscCode);
    }
    if (body.bankName === undefined) issue('bankName', CASHIER_MESSAGES.bankNameRequired);
    if (body.iban !== undefined && !IBAN_PATTERN.test(body.iban)) {
      issue('iban', CASHIER_MESSAGES.iban);
    }
  });
export type BankDetailBody = z.infer<typeof bankDetailBodySchema>;
export type BankDetailInput = z.input<typeof bankDetailBodySchema>;

export const bankDetailSchema = z.object({
  id: z.string(),
  type: z.enum(BANK_DETAIL_TYPES),
  accountNo: z.string(),
  accountName: z.string(),
  iban: z.string().nullable(),
  ifscCode: z.string().nullable(),
  bankName: z.string().nullable(),
  createdAt: z.string(),
});
export type BankDetail = z.infer<typeof bankDetailSchema>;
export const bankDetailsSchema = z.array(bankDetailSchema);
export const idSchema = z.string().regex(/^\d{1,18}$/, 'Not an id');
export const bankParamsSchema = z.object({ id: idSchema });
/** PATCH /api/bank: the id plus the whole new detail (type may not change). */
export const bankDetailPatchBodySchema = z.object({ id: idSchema, detail: bankDetailBodySchema });
/** DELETE /api/bank */
export const bankDetailDeleteBodySchema = z.object({ id: idSchema });
export const bankDetailDeleteAnswerSchema = z.object({ id: z.string() });

// ---------------------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------------------
/** SPEC 4.6 request statuses, plus `cancelled` for a player's own cancel. */
export const WITHDRAW_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

export const otpSchema = z.string().regex(/^\d{6}$/, CASHIER_MESSAGES.otpFormat);
const idempotencyKeySchema = z.string().min(8).max(100);

/** POST /api/withdraw/request/otp: a code to the player's own phone (errors not toasted). */
export const withdrawOtpAnswerSchema = z.object({
  message: z.string(),
  /** The phone it went to, masked (e.g. +91 ******3210). */
  sentTo: z.string(),
});

/** GET /api/withdraw/info: what the withdraw screens need to know up front. */
export const KYC_STATUSES = ['none', 'pending', 'approved', 'declined'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const withdrawInfoSchema = z.object({
  /** Cash minus exposure and holds; bonus money is never withdrawable. */
  withdrawable: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** A withdrawal above this needs approved KYC. */
  kycRequiredAbove: z.number(),
  kycStatus: z.enum(KYC_STATUSES),
  pendingCount: z.number().int(),
  maxPending: z.number().int(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

/** POST /api/withdrawRequest/create: to one of the player's bank details. */
export const withdrawCreateBodySchema = z.object({
  amount: positivePointsSchema,
  bankId: idSchema,
  otp: otpSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type WithdrawCreateBody = z.infer<typeof withdrawCreateBodySchema>;

export const TRC20_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
export const BEP20_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** The address rule of a network, with its message. */
export const CRYPTO_ADDRESS_RULES: Record<CryptoNetwork, { pattern: RegExp; message: string }> = {
  TRC20: { pattern: TRC20_ADDRESS_PATTERN, message: CASHIER_MESSAGES.addressTrc20 },
  BEP20: { pattern: BEP20_ADDRESS_PATTERN, message: CASHIER_MESSAGES.addressBep20 },
};

/** POST /api/withdrawRequest/dynamic: to a gateway destination (a USDT address). */
export const withdrawDynamicBodySchema = z.object({
  gateway: gatewayCodeSchema,
  amount: positivePointsSchema,
  /** Checked against the gateway's network rule by the server. */
  address: z.string().trim().min(1, CASHIER_MESSAGES.addressRequired).max(100),
  otp: otpSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type WithdrawDynamicBody = z.infer<typeof withdrawDynamicBodySchema>;

export const WITHDRAW_DESTINATION_TYPES = ['bank', 'card', 'upi', 'crypto'] as const;
export const withdrawDestinationSchema = z.object({
  type: z.enum(WITHDRAW_DESTINATION_TYPES),
  /** Masked for lists (e.g. "HDFC Bank ****1234", "name@upi", "TQ…9xYz"). */
  label: z.string(),
  gateway: z.string().nullable(),
  network: z.enum(CRYPTO_NETWORKS).nullable(),
});
export const withdrawalSchema = z.object({
  id: z.string(),
  /** Taken from the wallet. */
  amount: z.number(),
  /** SPEC 9: the crypto extra, paid on top by the house. */
  extra: z.number(),
  /** What reaches the destination: amount + extra. */
  payout: z.number(),
  status: z.enum(WITHDRAW_STATUSES),
  destination: withdrawDestinationSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawAnswerSchema = z.object({
  withdrawal: withdrawalSchema,
  /** The wallet as the request left it, with its version (an app keeps a newer push). */
  wallet: versionedWalletSchema,
});
export type WithdrawAnswer = z.infer<typeof withdrawAnswerSchema>;

/** GET /api/withdrawRequest/get */
export const withdrawListQuerySchema = pageQuerySchema.extend({
  status: z.enum(WITHDRAW_STATUSES).optional(),
  from: dateFilterSchema,
  to: dateFilterSchema,
});
export const withdrawListSchema = pagedSchema(withdrawalSchema);
/** POST /api/withdrawRequest/cancel: the player's own pending request. */
export const withdrawCancelBodySchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------
// KYC: GET and POST /api/kyc (SPEC 3 table)
// ---------------------------------------------------------------------------------------
export const KYC_DOCUMENT_TYPES = [
  { name: 'passport', id: 0, backRequired: true, docIdRequired: false },
  { name: 'pancard', id: 2, backRequired: false, docIdRequired: true },
  { name: 'adharcard', id: 3, backRequired: true, docIdRequired: true },
  { name: 'drivinglicense', id: 4, backRequired: false, docIdRequired: false },
] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export type KycDocumentTypeId = KycDocumentType['id'];
export type KycDocumentTypeName = KycDocumentType['name'];
export const KYC_DOCUMENT_TYPE_IDS = KYC_DOCUMENT_TYPES.map((type) => type.id);
export function kycDocumentType(id: number): KycDocumentType | undefined {
  return KYC_DOCUMENT_TYPES.find((type) => type.id === id);
}
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const AADHAAR_PATTERN = /^[2-9]\d{11}$/;
export const KYC_FRONT_FIELD = 'front';
export const KYC_BACK_FIELD = 'back';

/**
 * POST /api/kyc (multipart): these fields plus `front` and, where the type needs it, `back`.
 * The doc id is required (and checked) for pancard and adharcard; ignored for the others.
 */
export const kycSubmitFieldsSchema = z
  .object({
    docType: z.coerce
      .number({ error: CASHIER_MESSAGES.docTypeInvalid })
      .int(CASHIER_MESSAGES.docTypeInvalid)
      .refine((value) => kycDocumentType(value) !== undefined, CASHIER_MESSAGES.docTypeInvalid),
    docId: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((value) =>
        value === '' || value === undefined ? undefined : value.replace(/\s+/g, '').toUpperCase(),
      ),
  })
  .superRefine((fields, context) => {
    const type = kycDocumentType(fields.docType);
    if (!type?.docIdRequired) return;
    const issue = (message: string) =>
      context.addIssue({ code: 'custom', path: ['docId'], message });
    if (fields.docId === undefined) return issue(CASHIER_MESSAGES.docIdRequired);
    if (type.name === 'pancard' && !PAN_PATTERN.test(fields.docId))
      issue(CASHIER_MESSAGES.panFormat);
    if (type.name === 'adharcard' && !AADHAAR_PATTERN.test(fields.docId)) {
      issue(CASHIER_MESSAGES.aadhaarFormat);
    }
  });
export type KycSubmitFields = z.infer<typeof kycSubmitFieldsSchema>;

export const kycSubmissionSchema = z.object({
  id: z.string(),
  docType: z.number().int(),
  docTypeName: z.string(),
  /** Shown to the player masked (last 4). */
  docId: z.string().nullable(),
  hasBack: z.boolean(),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;
export const kycStateSchema = z.object({
  status: z.enum(KYC_STATUSES),
  /** Newest first, at most 10. */
  submissions: z.array(kycSubmissionSchema),
  kycRequiredAbove: z.number(),
});
export type KycState = z.infer<typeof kycStateSchema>;

// ---------------------------------------------------------------------------------------
// Staff decisions (API here; screens in the back office)
// ---------------------------------------------------------------------------------------
export const staffApproveBodySchema = z.object({ note: z.string().trim().max(500).optional() });
export const staffDeclineBodySchema = z.object({
  reason: z.string().trim().min(3, CASHIER_MESSAGES.reasonRequired).max(500),
});
export const staffRequestParamsSchema = z.object({ id: idSchema });

const staffCommonFields = {
  playerId: z.string(),
  username: z.string(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
};
export const staffDepositSchema = depositSchema.extend({
  ...staffCommonFields,
  proofUploadId: z.string().nullable(),
  gatewayTxnId: z.string().nullable(),
});
export type StaffDeposit = z.infer<typeof staffDepositSchema>;
export const staffWithdrawalSchema = withdrawalSchema.extend({
  ...staffCommonFields,
  /** Full destination for paying out (account, IFSC, UPI id, address). */
  destinationDetails: z.record(z.string(), z.string().nullable()),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;
export const staffKycSchema = kycSubmissionSchema.extend({
  ...staffCommonFields,
  /** Unmasked for review. */
  docId: z.string().nullable(),
  frontUploadId: z.string(),
  backUploadId: z.string().nullable(),
});
export type StaffKyc = z.infer<typeof staffKycSchema>;

const staffQueueQuery = pageQuerySchema.extend({
  playerId: idSchema.optional(),
  from: dateFilterSchema,
  to: dateFilterSchema,
});
export const staffDepositQuerySchema = staffQueueQuery.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  gateway: gatewayCodeSchema.optional(),
});
export const staffWithdrawalQuerySchema = staffQueueQuery.extend({
  status: z.enum(WITHDRAW_STATUSES).optional(),
});
export const staffKycQuerySchema = staffQueueQuery.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
});
export const staffDepositListSchema = pagedSchema(staffDepositSchema);
export const staffWithdrawalListSchema = pagedSchema(staffWithdrawalSchema);
export const staffKycListSchema = pagedSchema(staffKycSchema);
export const uploadParamsSchema = z.object({ id: z.uuid() });
