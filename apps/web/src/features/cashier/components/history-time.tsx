import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@spm/client';

/** One dated line of a history item: its label and the time in the reader's language. */
export function HistoryTime({ label, value }: { label: string; value: string }) {
  const { i18n } = useTranslation();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={value}>{formatDateTime(value, i18n.language)}</time>
      </dd>
    </div>
  );
}
