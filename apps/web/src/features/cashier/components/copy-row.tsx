import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

const COPIED_SHOWN_MS = 2000;

/**
 * One pay-to detail with a copy button: players paste UPI ids and addresses into another
 * app, where one wrong character sends the money elsewhere.
 */
export function CopyRow({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // Absent outside secure contexts (plain http); the value stays selectable by hand.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error(t('cashier.copyFailed'));
    }
  };

  return (
    <div className="copy-row">
      <dt className="copy-row__label">{label}</dt>
      <dd className="copy-row__value">
        <code data-testid={testId}>{value}</code>
        <button
          type="button"
          className="button button--ghost copy-row__button"
          onClick={() => void copy()}
          aria-label={t('cashier.copyLabel', { label })}
          data-testid={`${testId}-copy`}
        >
          {copied ? t('cashier.copied') : t('cashier.copy')}
        </button>
      </dd>
    </div>
  );
}
