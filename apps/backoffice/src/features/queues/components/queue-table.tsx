import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, opsErrorText, Pager } from '../../../shared/ui/index.ts';

interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A queue's list: its error, the table (a row opens the request) and the pager. */
export function QueueTable<T extends { id: string }>({
  columns,
  list,
  testId,
  onOpen,
  onPage,
}: {
  columns: Column<T>[];
  list: UseQueryResult<Page<T>>;
  testId: string;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('ops');
  return (
    <>
      {list.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(list.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isPending}
        empty={t('queues.empty')}
        onRowClick={(row) => onOpen(row.id)}
        testId={testId}
      />
      {list.data ? (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
