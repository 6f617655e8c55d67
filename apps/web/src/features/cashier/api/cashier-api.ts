import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  depositListSchema,
  depositSchema,
  fastpayAnswerSchema,
  gatewaySchema,
  gatewaysSchema,
  kycStateSchema,
  withdrawAnswerSchema,
  withdrawInfoSchema,
  withdrawListSchema,
  withdrawOtpAnswerSchema,
} from '@spm/contract';
import type {
  Deposit,
  DepositStatus,
  FastpayAnswer,
  Gateway,
  KycState,
  WithdrawAnswer,
  WithdrawCreateBody,
  WithdrawDynamicBody,
  WithdrawInfo,
  WithdrawStatus,
} from '@spm/contract';
import type { z } from 'zod';
import { errorText, request } from '@/shared/lib/request';
import type { RequestError } from '@/shared/lib/request';
import { applyWalletReply } from '@/shared/realtime/realtime-client';
import { useAuthStore } from '@/shared/stores/auth-store';

export type DepositPage = z.infer<typeof depositListSchema>;
export type WithdrawalPage = z.infer<typeof withdrawListSchema>;
export type WithdrawOtpAnswer = z.infer<typeof withdrawOtpAnswerSchema>;

/** Rows per history page: the contract's default page size. */
export const CASHIER_PAGE_SIZE = 20;

type PlayerId = string | number | null;

/** Every cashier query is keyed by the player, so a new session never sees the last one's. */
export const cashierKeys = {
  all: ['cashier'] as const,
  gateways: (playerId: PlayerId) => ['cashier', playerId, 'gateways'] as const,
  gateway: (playerId: PlayerId, code: string) => ['cashier', playerId, 'gateway', code] as const,
  deposits: (playerId: PlayerId, query?: DepositQuery) =>
    query
      ? (['cashier', playerId, 'deposits', query] as const)
      : (['cashier', playerId, 'deposits'] as const),
  withdrawInfo: (playerId: PlayerId) => ['cashier', playerId, 'withdraw-info'] as const,
  withdrawGateways: (playerId: PlayerId) => ['cashier', playerId, 'withdraw-gateways'] as const,
  withdrawals: (playerId: PlayerId, query?: WithdrawalQuery) =>
    query
      ? (['cashier', playerId, 'withdrawals', query] as const)
      : (['cashier', playerId, 'withdrawals'] as const),
  kyc: (playerId: PlayerId) => ['cashier', playerId, 'kyc'] as const,
};

/** A failed load, with the catalogue code when the server gave one (for not-found states). */
export class CashierLoadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function codeOf(error: RequestError): string | undefined {
  const fields = error as { errorCode?: string; code?: string };
  return fields.errorCode ?? fields.code;
}

function unwrap<T>(result: { data: T | null; error: RequestError | null }, what: string): T {
  if (result.data) return result.data;
  if (result.error) throw new CashierLoadError(errorText(result.error), codeOf(result.error));
  throw new CashierLoadError(`${what} unavailable`, undefined);
}

function unwrapList<T>(
  result: { data: T[] | null; error: RequestError | null },
  what: string,
): T[] {
  if (result.error) return unwrap(result, what);
  // SPEC 7.1: a falsy answer is neither data nor an error; for a list that means none.
  return result.data ?? [];
}

function usePlayerId(): PlayerId {
  return useAuthStore((state) => state.user?.id ?? null);
}

// ---------------------------------------------------------------------------------------
// Gateways
// ---------------------------------------------------------------------------------------

/** GET /gateways: the deposit methods, in the operator's order. */
export async function getGateways(): Promise<Gateway[]> {
  return unwrapList(await request({ url: '/gateways', schema: gatewaysSchema }), 'gateways');
}

export function useGateways() {
  const playerId = usePlayerId();
  return useQuery({ queryKey: cashierKeys.gateways(playerId), queryFn: getGateways });
}

/**
 * GET /gateways/{code}. Quiet: an unknown code is a page state ("no such payment method"),
 * not a toast.
 */
export async function getGateway(code: string): Promise<Gateway> {
  const result = await request({
    url: `/gateways/${encodeURIComponent(code)}`,
    schema: gatewaySchema,
    noToastEmit: true,
  });
  return unwrap(result, 'gateway');
}

export function useGateway(code: string, enabled: boolean) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: cashierKeys.gateway(playerId, code),
    queryFn: () => getGateway(code),
    enabled,
  });
}

/** GET /withdraw/gateways: the gateways that pay out (USDT addresses). */
export async function getWithdrawGateways(): Promise<Gateway[]> {
  return unwrapList(
    await request({ url: '/withdraw/gateways', schema: gatewaysSchema }),
    'withdraw gateways',
  );
}

export function useWithdrawGateways() {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: cashierKeys.withdrawGateways(playerId),
    queryFn: getWithdrawGateways,
  });
}

// ---------------------------------------------------------------------------------------
// Deposits
// ---------------------------------------------------------------------------------------

export interface DepositQuery {
  page: number;
  status?: DepositStatus;
  gateway?: string;
  /** Indian calendar days, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

/** GET /deposit/get?status=&gateway=&from=&to=&page=&pageSize= : newest first. */
export async function getDeposits(query: DepositQuery): Promise<DepositPage> {
  const result = await request({
    url: '/deposit/get',
    queryParams: { ...query, pageSize: CASHIER_PAGE_SIZE },
    schema: depositListSchema,
  });
  return unwrap(result, 'deposits');
}

export function useDeposits(query: DepositQuery) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: cashierKeys.deposits(playerId, query),
    queryFn: () => getDeposits(query),
    placeholderData: keepPreviousData,
  });
}

export interface DepositCreateInput {
  gateway: string;
  /** Points, as typed (the server reads the multipart text). */
  amount: string;
  reference: string;
  proof: File;
}

/**
 * POST /deposit/create (multipart, SPEC 7.4). The text fields go before the file: the server
 * reads the parts as a stream and checks the fields before it stores the upload.
 */
export async function createDeposit(input: DepositCreateInput): Promise<Deposit | null> {
  const form = new FormData();
  form.append('gateway', input.gateway);
  form.append('amount', input.amount);
  form.append('reference', input.reference);
  form.append('proof', input.proof);
  const { data } = await request({
    url: '/deposit/create',
    method: 'POST',
    data: form,
    isFormData: true,
    schema: depositSchema,
  });
  return data;
}

/** POST /deposit/fastpayme: an automated payment; the player is sent to its pay page. */
export async function startFastpay(body: {
  gateway: string;
  amount: number;
}): Promise<FastpayAnswer | null> {
  const { data } = await request({
    url: '/deposit/fastpayme',
    method: 'POST',
    data: body,
    schema: fastpayAnswerSchema,
  });
  return data;
}

// ---------------------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------------------

/** GET /withdraw/info: withdrawable amount, limits, KYC status and pending count. */
export async function getWithdrawInfo(): Promise<WithdrawInfo> {
  const result = await request({ url: '/withdraw/info', schema: withdrawInfoSchema });
  return unwrap(result, 'withdraw info');
}

export function useWithdrawInfo() {
  const playerId = usePlayerId();
  return useQuery({ queryKey: cashierKeys.withdrawInfo(playerId), queryFn: getWithdrawInfo });
}

export type OtpOutcome = { ok: true; answer: WithdrawOtpAnswer } | { ok: false; error: string };

/**
 * POST /withdraw/request/otp. Its errors are not toasted (SPEC 7.4): the form shows them
 * beside the button, where the player is looking.
 */
export async function sendWithdrawOtp(): Promise<OtpOutcome> {
  const { data, error } = await request<unknown>({
    url: '/withdraw/request/otp',
    method: 'POST',
    data: {},
    noToastEmit: true,
  });
  if (error) return { ok: false, error: errorText(error) };
  const parsed = withdrawOtpAnswerSchema.safeParse(data);
  // The code was sent even if the answer's shape surprised us; only the masked phone is lost.
  return { ok: true, answer: parsed.success ? parsed.data : { message: '', sentTo: '' } };
}

/** POST /withdrawRequest/create: to a saved bank detail. */
export async function createWithdrawal(body: WithdrawCreateBody): Promise<WithdrawAnswer | null> {
  const { data } = await request({
    url: '/withdrawRequest/create',
    method: 'POST',
    data: body,
    schema: withdrawAnswerSchema,
  });
  return data;
}

/** POST /withdrawRequest/dynamic: to a gateway destination (a USDT address). */
export async function createDynamicWithdrawal(
  body: WithdrawDynamicBody,
): Promise<WithdrawAnswer | null> {
  const { data } = await request({
    url: '/withdrawRequest/dynamic',
    method: 'POST',
    data: body,
    schema: withdrawAnswerSchema,
  });
  return data;
}

export interface WithdrawalQuery {
  page: number;
  status?: WithdrawStatus;
  from?: string;
  to?: string;
}

/** GET /withdrawRequest/get?status=&from=&to=&page=&pageSize= : newest first. */
export async function getWithdrawals(query: WithdrawalQuery): Promise<WithdrawalPage> {
  const result = await request({
    url: '/withdrawRequest/get',
    queryParams: { ...query, pageSize: CASHIER_PAGE_SIZE },
    schema: withdrawListSchema,
  });
  return unwrap(result, 'withdrawals');
}

export function useWithdrawals(query: WithdrawalQuery) {
  const playerId = usePlayerId();
  return useQuery({
    queryKey: cashierKeys.withdrawals(playerId, query),
    queryFn: () => getWithdrawals(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /withdrawRequest/cancel: the player's own pending request; the hold goes back to
 * cash. True when it was cancelled (a failure has been toasted).
 */
export async function cancelWithdrawal(id: string): Promise<boolean> {
  const { data, error } = await request<unknown>({
    url: '/withdrawRequest/cancel',
    method: 'POST',
    data: { id },
  });
  if (error) return false;
  const parsed = withdrawAnswerSchema.safeParse(data);
  if (parsed.success) applyWalletReply(parsed.data.wallet);
  return true;
}

// ---------------------------------------------------------------------------------------
// KYC
// ---------------------------------------------------------------------------------------

/** GET /kyc: the status, the submissions (newest first) and the amount that needs KYC. */
export async function getKyc(): Promise<KycState> {
  const result = await request({ url: '/kyc', schema: kycStateSchema });
  return unwrap(result, 'kyc');
}

export function useKyc() {
  const playerId = usePlayerId();
  return useQuery({ queryKey: cashierKeys.kyc(playerId), queryFn: getKyc });
}

export interface KycSubmitInput {
  docType: number;
  docId?: string;
  front: File;
  back?: File;
}

/** POST /kyc (multipart): fields first, then the images. True when it was accepted. */
export async function submitKyc(input: KycSubmitInput): Promise<boolean> {
  const form = new FormData();
  form.append('docType', String(input.docType));
  if (input.docId !== undefined) form.append('docId', input.docId);
  form.append('front', input.front);
  if (input.back) form.append('back', input.back);
  const { error } = await request<unknown>({
    url: '/kyc',
    method: 'POST',
    data: form,
    isFormData: true,
  });
  return error === null;
}

/**
 * After a cashier write every list and figure may have changed (a new pending row, a hold,
 * the pending count, the KYC status): refetch what is on screen, drop the rest.
 */
export function useInvalidateCashier() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: cashierKeys.all });
}
