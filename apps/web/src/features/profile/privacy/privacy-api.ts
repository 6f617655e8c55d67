import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '@spm/client';
import type {
  DataRequest,
  DataRequestBody,
  UpdatesConsent,
  UpdatesConsentBody,
} from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

/* The personal-data calls of /profile (issue 42 item 8, docs/personal-data.md). */

const checkConsent = devSchema('updatesConsentSchema');
const checkRequests = devSchema('dataRequestListSchema');
const checkRequest = devSchema('dataRequestSchema');

export const consentQueryKey = ['privacy', 'consent'] as const;
export const dataRequestsQueryKey = ['privacy', 'requests'] as const;

export function useUpdatesConsent() {
  return useQuery({
    queryKey: consentQueryKey,
    queryFn: async () => {
      const { data, error } = await request({
        url: '/privacy/consent',
        schema: checkConsent,
        noToastEmit: true,
      });
      if (error || !data) throw new Error('consent unavailable');
      return data;
    },
  });
}

export function useDataRequests() {
  return useQuery({
    queryKey: dataRequestsQueryKey,
    queryFn: async () => {
      const { data, error } = await request({
        url: '/privacy/requests',
        schema: checkRequests,
        noToastEmit: true,
      });
      if (error || !data) throw new Error('requests unavailable');
      return data;
    },
  });
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; error: string };

/** PUT /privacy/consent; the answer replaces the cached consent. */
export function useSaveConsent() {
  const client = useQueryClient();
  return async (body: UpdatesConsentBody): Promise<Outcome<UpdatesConsent>> => {
    const { data, error } = await request({
      url: '/privacy/consent',
      method: 'PUT',
      data: body,
      schema: checkConsent,
      noToastEmit: true,
    });
    if (error || !data) return { ok: false, error: error ? errorText(error) : '' };
    client.setQueryData(consentQueryKey, data);
    return { ok: true, data };
  };
}

/** POST /privacy/requests; refusals (money left, open bets) come back as their text. */
export function useCreateDataRequest() {
  const client = useQueryClient();
  return async (body: DataRequestBody): Promise<Outcome<DataRequest>> => {
    const { data, error } = await request({
      url: '/privacy/requests',
      method: 'POST',
      data: body,
      schema: checkRequest,
      noToastEmit: true,
    });
    if (error || !data) return { ok: false, error: error ? errorText(error) : '' };
    await client.invalidateQueries({ queryKey: dataRequestsQueryKey });
    return { ok: true, data };
  };
}

/**
 * GET /privacy/export as the file the server names: the answer is the bare JSON file, not
 * the envelope, so it is fetched here and handed to the browser's download.
 */
export async function downloadDataExport(): Promise<boolean> {
  const token = useAuthStore.getState().token;
  try {
    const response = await fetch(`${API_BASE}/privacy/export`, {
      headers: token ? { authorization: token } : {},
    });
    if (!response.ok) return false;
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'personal-data.json';
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    return true;
  } catch {
    return false;
  }
}
