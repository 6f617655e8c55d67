import { toast } from 'react-toastify';
import type { z } from 'zod';
import { catalogueText, checkData, createApiTransport, isRecord, statusMessage } from '@spm/client';
import type { ApiCall, ApiErrorBody } from '@spm/client';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';
import { limitRefusalText } from '@/shared/safer-play/limit-refusal';
import { navigateTo } from '@/shared/lib/navigation';
import { RESTRICTED_PATH } from '@/shared/lib/route-paths';

/*
 * The player app's face of the @spm/client request core (SPEC 7.1, 8): never throws, answers
 * `{data, error}` and toasts failures unless told not to. Envelope reading, the token header,
 * the schema check and the 401 hook are the kit's.
 */

export interface RequestOptions extends ApiCall {
  /** Return the raw error to the caller and show no toast (SPEC 8). */
  noToastEmit?: boolean;
}

/** What a failed call reports when no raw response body is handed back. */
export interface RequestFailure {
  /** The message chosen by the SPEC 8 rules (English, as the server or runtime gave it). */
  message: string;
  /** The envelope's errorCode, when there was one. */
  code?: string;
  status?: number;
}

/**
 * Without noToastEmit the caller gets a RequestFailure (the toast has been shown).
 * With noToastEmit it gets the raw response body, or {code, message} when there is none.
 */
export type RequestError = RequestFailure | ApiErrorBody;

export interface RequestResult<T> {
  /** The response's `data` field; null when it failed or was falsy. */
  data: T | null;
  error: RequestError | null;
}

const transport = createApiTransport({
  getToken: () => useAuthStore.getState().token,
  // The server uses it to tell which local front end called it (SPEC 7.1); only in dev.
  extraHeaders: (): Record<string, string> =>
    import.meta.env.DEV ? { refererLocal: window.location.origin } : {},
});

/**
 * Registers what happens on a 401 carrying the error flag while a token exists (SPEC 4.5).
 * Kept as a hook so this shared helper needs no knowledge of the logout flow; pass null to
 * unregister.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  transport.setUnauthorizedHandler(
    handler &&
      (({ hadToken, envelope }) => {
        if (hadToken && envelope?.error === true) handler();
      }),
  );
}

/**
 * The text a failed call shows, for callers that display it themselves (noToastEmit, SPEC
 * 7.3 "PATCH errors are not toasted"): the same rules as the toast.
 */
export function errorText(error: RequestError): string {
  const fields = error as Partial<RequestFailure & ApiErrorBody>;
  const code = fields.errorCode ?? fields.code;
  const message = fields.message || fields.errorMessage || i18n.t('common.somethingWentWrong');
  return limitRefusalText(i18n, error) ?? catalogueText(i18n, code, message);
}

/**
 * The server refused a player under a time-out or self-exclusion (RESTRICTED, issue 42): the
 * app becomes the restricted view instead of toasting. Which one and until when is what that
 * view reads (GET /rg/exclusion), and it lifts this mark if the restriction is already over.
 */
function openRestrictedView(): void {
  const { user, setUser } = useAuthStore.getState();
  if (!user) return;
  if (!user.restriction) setUser({ ...user, restriction: { kind: 'time_out', until: null } });
  navigateTo(RESTRICTED_PATH, { replace: true });
}

function fail<T>(
  failure: RequestFailure,
  raw: ApiErrorBody | undefined,
  noToastEmit: boolean | undefined,
): RequestResult<T> {
  if (failure.code === 'RESTRICTED') {
    openRestrictedView();
    return { data: null, error: noToastEmit ? (raw ?? failure) : failure };
  }
  if (noToastEmit) {
    return { data: null, error: raw ?? { code: failure.code, message: failure.message } };
  }
  // A limit's refusal names the limit and when it frees up (issue 42).
  toast.error(limitRefusalText(i18n, raw) ?? catalogueText(i18n, failure.code, failure.message));
  return { data: null, error: failure };
}

/**
 * The one HTTP helper (SPEC 7.1, 8). Never throws: the answer is `{data, error}`.
 *
 * `schema` checks the answer's data. It may be undefined and still types the result: the
 * server already checks every answer against the same contract schema before sending it, so
 * code on the first page load passes `devSchema(someSchema)` (shared/lib/dev-schema.ts).
 * Development and tests keep the check; a production build drops the schema and with it zod
 * from the first download (page-weight budget, docs/decisions.md).
 */
export function request<S extends z.ZodType>(
  options: RequestOptions & { schema: S | undefined },
): Promise<RequestResult<z.infer<S>>>;
export function request<T = unknown>(options: RequestOptions): Promise<RequestResult<T>>;
export async function request(
  options: RequestOptions & { schema?: z.ZodType },
): Promise<RequestResult<unknown>> {
  const { noToastEmit, schema } = options;
  const answer = await transport.send(options);

  if (answer.kind === 'network') {
    const { error } = answer;
    const message =
      error instanceof Error && error.message ? error.message : i18n.t('common.somethingWentWrong');
    return fail({ message }, undefined, noToastEmit);
  }
  if (answer.kind === 'failed') {
    const { envelope, status } = answer;
    const message =
      envelope?.message ||
      envelope?.errorMessage ||
      i18n.t('common.somethingWentWrongWith', { detail: statusMessage(status) });
    return fail(
      { message, code: envelope?.errorCode, status },
      isRecord(answer.body) ? (answer.body as ApiErrorBody) : undefined,
      noToastEmit,
    );
  }

  // SPEC 7.1: a falsy result is neither data nor an error.
  if (!answer.data) return { data: null, error: null };
  if (!schema) return { data: answer.data, error: null };
  const checked = checkData(schema, answer.data);
  if (!checked.ok) {
    // A contract mismatch means the page would render garbage; report it like any failure.
    return fail(
      { message: i18n.t('errors.invalidResponse'), status: answer.status },
      undefined,
      noToastEmit,
    );
  }
  return { data: checked.data, error: null };
}
