import { authAnswerSchema, demoCheckSchema } from '@spm/contract';
import type {
  AuthAnswer,
  ForgotPasswordBody,
  RegionRefusal,
  LoginBody,
  MobileVerificationBody,
  RegisterBody,
  ResetPasswordBody,
  SendOtpBody,
} from '@spm/contract';
import { toast } from 'react-toastify';
import { errorText, request } from '@/shared/lib/request';
import type { RequestFailure, RequestOptions, RequestResult } from '@/shared/lib/request';
import { readRegionRefusal } from '../lib/region-refusal';
import { messageCall } from '@/shared/api/message-call';
import type { MessageOutcome } from '@/shared/api/message-call';

/**
 * The identity calls of SPEC 7.2. Failures are toasted by the request helper (SPEC 8) unless
 * noted; each function answers the helper's {data, error}.
 */

/** A sign-in or registration answer; `region` says why a visitor's region was refused. */
export interface AuthResult extends RequestResult<AuthAnswer> {
  error: RequestFailure | null;
  region: RegionRefusal | null;
}

/**
 * Sign-in and registration: failures are toasted as by the request helper, except a region
 * refusal (issue 42 item 7), which the dialog shows with its place instead.
 */
async function authCall(options: RequestOptions): Promise<AuthResult> {
  const result = await request({ ...options, schema: authAnswerSchema, noToastEmit: true });
  if (!result.error) return { data: result.data, error: null, region: null };
  const raw = result.error as { errorCode?: string; code?: string; status?: number };
  const region = readRegionRefusal(result.error);
  const error: RequestFailure = {
    message: errorText(result.error),
    code: raw.errorCode ?? raw.code,
  };
  if (!region) toast.error(error.message);
  return { data: null, error, region };
}

export function login(body: LoginBody): Promise<AuthResult> {
  return authCall({ url: '/login', method: 'POST', data: body });
}

export function demoLogin(): Promise<AuthResult> {
  return authCall({ url: '/login/demo', method: 'POST' });
}

export function register(body: RegisterBody): Promise<AuthResult> {
  return authCall({ url: '/register', method: 'POST', data: body });
}

export function sendOtpToMobile(body: SendOtpBody): Promise<MessageOutcome> {
  return messageCall('/sendOtpToMobile', body);
}

export function verifyMobile(body: MobileVerificationBody): Promise<MessageOutcome> {
  return messageCall('/mobileVerification', body);
}

/**
 * POST /forgot-password. The answer sets the httpOnly cookie that binds the reset to this
 * phone (docs/decisions.md); fetch sends and keeps same-origin cookies by default.
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageOutcome> {
  return messageCall('/forgot-password', body);
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageOutcome> {
  return messageCall('/reset-password', body);
}

/** GET /app/demo: a background check for the login dialog, so a failure stays quiet. */
export async function getDemoCheck(): Promise<boolean> {
  const { data } = await request({ url: '/app/demo', schema: demoCheckSchema, noToastEmit: true });
  return data?.hasDemoUsers ?? false;
}
