import { authAnswerSchema, demoCheckSchema } from '@spm/contract';
import type {
  AuthAnswer,
  ForgotPasswordBody,
  LoginBody,
  MobileVerificationBody,
  RegisterBody,
  ResetPasswordBody,
  SendOtpBody,
} from '@spm/contract';
import { request } from '@/shared/lib/request';
import type { RequestResult } from '@/shared/lib/request';
import { messageCall } from '@/shared/api/message-call';
import type { MessageOutcome } from '@/shared/api/message-call';

/**
 * The identity calls of SPEC 7.2. Failures are toasted by the request helper (SPEC 8) unless
 * noted; each function answers the helper's {data, error}.
 */

export function login(body: LoginBody): Promise<RequestResult<AuthAnswer>> {
  return request({ url: '/login', method: 'POST', data: body, schema: authAnswerSchema });
}

export function demoLogin(): Promise<RequestResult<AuthAnswer>> {
  return request({ url: '/login/demo', method: 'POST', schema: authAnswerSchema });
}

export function register(body: RegisterBody): Promise<RequestResult<AuthAnswer>> {
  return request({ url: '/register', method: 'POST', data: body, schema: authAnswerSchema });
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
