import type { z } from 'zod';
import { useAuthStore } from './auth-store.ts';

/** Same-origin API base; the server mounts the API here (DESIGN 6). */
export const API_BASE = '/api';

export type StaffHttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface StaffRequestOptions {
  /** Relative to /api, e.g. '/staff/deposits'. */
  url: string;
  method?: StaffHttpMethod;
  /** JSON body. */
  data?: unknown;
  /** undefined and '' values are dropped. */
  query?: Record<string, string | number | undefined>;
  /** Multipart body; the browser sets the boundary. */
  formData?: FormData;
}

/** A failed call: the envelope's errorCode, the HTTP status and any field issues. */
export class ApiError extends Error {
  code: string;
  status: number;
  issues: { field: string; message: string }[];

  constructor(
    message: string,
    code: string,
    status: number,
    issues: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

export function buildQuery(query: StaffRequestOptions['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readIssues(data: unknown): { field: string; message: string }[] {
  if (!isRecord(data) || !Array.isArray(data.issues)) return [];
  return data.issues.flatMap((issue: unknown) =>
    isRecord(issue) && typeof issue.field === 'string' && typeof issue.message === 'string'
      ? [{ field: issue.field, message: issue.message }]
      : [],
  );
}

function authHeaders(): Record<string, string> {
  const token = useAuthStore.getState().token;
  return token ? { authorization: token } : {};
}

/**
 * 401 codes that refuse what was typed, not the session: a wrong authenticator code while
 * changing the password must leave the member signed in to try again.
 */
const NOT_SESSION_401_CODES = new Set(['TOTP_INVALID']);

/** A 401 on a signed-in session ends it; the route guard then shows the sign-in screen. */
function handleUnauthorized(status: number, code: string): void {
  if (status !== 401 || NOT_SESSION_401_CODES.has(code)) return;
  if (useAuthStore.getState().token) useAuthStore.getState().signOut('expired');
}

/**
 * The one staff HTTP helper: adds the staff token, unwraps the envelope and validates its
 * `data` with the contract schema. Throws ApiError on any failure (network, envelope error,
 * contract mismatch).
 */
export async function staffRequest<S extends z.ZodType>(
  schema: S,
  options: StaffRequestOptions,
): Promise<z.infer<S>> {
  const { url, method = 'GET', data, query, formData } = options;
  const headers: Record<string, string> = authHeaders();
  let body: BodyInit | undefined;
  if (formData) {
    body = formData;
  } else if (data !== undefined && method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(data);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${url}${buildQuery(query)}`, { method, headers, body });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 'NETWORK', 0);
  }

  let parsed: unknown;
  const text = await response.text();
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  const envelope = isRecord(parsed) ? parsed : {};

  if (!response.ok || envelope.error === true) {
    const message =
      (typeof envelope.message === 'string' && envelope.message) ||
      `Request failed with status code ${response.status}`;
    const code = typeof envelope.errorCode === 'string' ? envelope.errorCode : 'HTTP_ERROR';
    handleUnauthorized(response.status, code);
    throw new ApiError(message, code, response.status, readIssues(envelope.data));
  }

  const checked = schema.safeParse(envelope.data);
  if (!checked.success) {
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
  const response = await fetch(uploadUrl(id), { headers: authHeaders() });
  if (!response.ok) {
    handleUnauthorized(response.status, 'HTTP_ERROR');
    throw new ApiError(
      `Request failed with status code ${response.status}`,
      'HTTP_ERROR',
      response.status,
    );
  }
  return URL.createObjectURL(await response.blob());
}
