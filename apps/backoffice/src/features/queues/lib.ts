import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QueueFilters } from './api.ts';

const FILTER_KEYS = ['status', 'gateway', 'playerId', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

/**
 * Queue filters live in the address (so a link such as /queues/deposits?playerId=7 works and
 * the back button restores them). The status defaults to pending; 'all' drops it.
 */
export function useQueueFilters(): {
  filters: QueueFilters;
  values: FilterValues;
  apply: (values: FilterValues) => void;
  setPage: (page: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const values = useMemo<FilterValues>(
    () => ({
      status: params.get('status') ?? 'pending',
      gateway: params.get('gateway') ?? '',
      playerId: params.get('playerId') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
    }),
    [params],
  );
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const filters = useMemo<QueueFilters>(() => ({ ...values, page }), [values, page]);

  const apply = useCallback(
    (next: FilterValues) => {
      const search = new URLSearchParams();
      for (const key of FILTER_KEYS) {
        const value = next[key].trim();
        if (key === 'status' ? value !== 'pending' : value !== '') search.set(key, value);
      }
      setParams(search);
    },
    [setParams],
  );
  const setPage = useCallback(
    (nextPage: number) => {
      const search = new URLSearchParams(params);
      if (nextPage <= 1) search.delete('page');
      else search.set('page', String(nextPage));
      setParams(search);
    },
    [params, setParams],
  );
  return { filters, values, apply, setPage };
}

export const EMPTY_FILTERS: FilterValues = {
  status: 'pending',
  gateway: '',
  playerId: '',
  from: '',
  to: '',
};
