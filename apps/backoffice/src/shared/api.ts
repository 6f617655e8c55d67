import type { z } from 'zod';
import {
  API_BASE,
  ApiError,
  checkData,
  createApiTransport,
  readIssues,
  statusMessage,
} from '@spm/client';
import type { HttpMethod, QueryParamValue } from '@spm/client';
import { useAuthStore } from './auth-store.ts';

/*
 * The back office's face of the @spm/client request core: the staff token, and every failure
 * thrown as the kit's ApiError (network, envelope error, contract mismatch).
 */

export type StaffHttpMethod = HttpMethod;

export interface StaffRequestOptions {
  /** Relative to /api, e.g. '/staff/deposits'. */
  url: string;
  method?: StaffHttpMethod;
  /** JSON body. */
  data?: unknown;
  /** undefined and '' values are dropped. */
  query?: Record<string, QueryParamValue>;
  /** Multipart body; the browser sets the boundary. */
  formData?: FormData;
}

const transport = createApiTransport({ getToken: () => useAuthStore.getState().token });

/**
 * 401 codes that refuse what was typed, not the session: a wrong authenticator code while
 * changing the password must leave the member signed in to try again.
 */
const NOT_SESSION_401_CODES = new Set(['TOTP_INVALID']);

// A 401 on a signed-in session ends it; the route guard then shows the sign-in screen.
transport.setUnauthorizedHandler(({ envelope }) => {
  if (NOT_SESSION_401_CODES.has(envelope?.errorCode ?? '')) return;
  if (useAuthStore.getState().token) useAuthStore.getState().signOut('expired');
});

/**
 * The one staff HTTP helper: adds the staff token, unwraps the envelope and validates its
 * `data` with the contract schema. Throws ApiError on any failure.
 */
export async function staffRequest<S extends z.ZodType>(
  schema: S,
  options: StaffRequestOptions,
): Promise<z.infer<S>> {
  const { url, method, data, query, formData } = options;
  const body = formData ? { data: formData, isFormData: true } : { data };
  const answer = await transport.send({ url, method, queryParams: query, ...body });
  if (answer.kind === 'network') {
    const { error } = answer;
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 'NETWORK', 0);
  }
  if (answer.kind === 'failed') {
    const { envelope, status } = answer;
    throw new ApiError(
      envelope?.message || statusMessage(status),
      envelope?.errorCode ?? 'HTTP_ERROR',
      status,
      readIssues(envelope?.data),
    );
  }
  const checked = checkData(schema, answer.data);
  if (!checked.ok) {
    throw new ApiError('The server answered in an unexpected shape', 'INVALID_RESPONSE', 200);
  }
  return checked.data;
}

/** Where an uploaded image lives; it needs the staff token, see fetchUploadObjectUrl. */
export function uploadUrl(id: string): string {
  return `${API_BASE}/staff/uploads/${id}`;
}

/** Fetches an upload with the staff token and returns a blob object URL (revoke it after). */
export async function fetchUploadObjectUrl(id: string): Promise<string> {
  const response = await fetch(uploadUrl(id), { headers: transport.authHeaders() });
  if (!response.ok) {
    transport.reportStatus(response.status);
    throw new ApiError(statusMessage(response.status), 'HTTP_ERROR', response.status);
  }
  return URL.createObjectURL(await response.blob());
}
