import { request } from '@/shared/lib/request';

/** The outcome of a call that answers only a message (OTP, forgot, reset). */
export interface MessageOutcome {
  ok: boolean;
  /** The server's message, when it sent one (SPEC 8 prefers it for some toasts). */
  message: string | null;
}

/** A POST whose answer is only a message; a failure is toasted by the request helper. */
export async function messageCall(url: string, data: unknown): Promise<MessageOutcome> {
  const { data: answer, error } = await request<unknown>({ url, method: 'POST', data });
  if (error) return { ok: false, message: null };
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer
      ? (answer as { message: unknown }).message
      : null;
  return { ok: true, message: typeof message === 'string' && message ? message : null };
}
