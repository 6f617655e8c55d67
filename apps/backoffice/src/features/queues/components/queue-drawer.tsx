import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { opsErrorText } from '../../../shared/ui/index.ts';
import { Drawer } from './drawer.tsx';

/** One request's drawer: its load error, a loading line, then the queue's own details. */
export function QueueDrawer<T>({
  title,
  detail,
  onClose,
  children,
}: {
  title: string;
  detail: UseQueryResult<T>;
  onClose: () => void;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('ops');
  return (
    <Drawer open title={title} onClose={onClose}>
      {detail.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(detail.error)}
        </p>
      ) : null}
      {detail.data === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        children(detail.data)
      )}
    </Drawer>
  );
}
