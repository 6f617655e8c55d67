import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statementSchema } from '@spm/contract';
import type { z } from 'zod';
import { request } from '@/shared/lib/request';
import { useAuthStore } from '@/shared/stores/auth-store';

export type StatementPage = z.infer<typeof statementSchema>;

/** Lines per page: the contract's default page size. */
export const STATEMENT_PAGE_SIZE = 20;

export interface StatementQuery {
  from: string;
  to: string;
  page: number;
}

/** GET /getAccountstatement/{from}/{to}?page=&pageSize= (SPEC 7.3); newest line first. */
export async function getStatement({ from, to, page }: StatementQuery): Promise<StatementPage> {
  const { data, error } = await request({
    url: `/getAccountstatement/${encodeURIComponent(from)}/${encodeURIComponent(to)}`,
    queryParams: { page, pageSize: STATEMENT_PAGE_SIZE },
    schema: statementSchema,
  });
  if (!data) throw new Error(error?.message ?? 'statement unavailable');
  return data;
}

/**
 * One page of the statement. The previous page stays on screen while the next loads
 * (placeholderData), so paging does not flash the loading state.
 */
export function useStatement(query: StatementQuery) {
  const playerId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: ['statement', playerId, query.from, query.to, query.page],
    queryFn: () => getStatement(query),
    placeholderData: keepPreviousData,
  });
}
