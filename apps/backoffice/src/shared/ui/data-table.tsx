import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** 'num' right-aligns figures. */
  align?: 'num';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  /** Shown when there are no rows (defaults to "Nothing to show"). */
  empty?: ReactNode;
  caption?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Extra content under a row (e.g. an expanded detail), spanning all columns. */
  renderDetail?: (row: T) => ReactNode;
  testId?: string;
}

/** A plain accessible table with loading and empty states. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  caption,
  onRowClick,
  renderDetail,
  testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const list = rows ?? [];
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid={testId}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && list.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {t('ui.loading')}
              </td>
            </tr>
          ) : list.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {empty ?? t('ui.empty')}
              </td>
            </tr>
          ) : (
            list.map((row) => {
              const detail = renderDetail?.(row);
              return (
                <RowGroup key={rowKey(row)}>
                  <tr
                    className={onRowClick ? 'clickable' : undefined}
                    onClick={onRowClick ? () => onRowClick(row) : undefined}
                  >
                    {columns.map((column) => (
                      <td key={column.key} className={column.align}>
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                  {detail ? (
                    <tr className="detail-row">
                      <td colSpan={columns.length}>{detail}</td>
                    </tr>
                  ) : null}
                </RowGroup>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function RowGroup({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
