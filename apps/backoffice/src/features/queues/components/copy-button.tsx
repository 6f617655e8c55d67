import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_FOR_MS = 1500;

/** Copies one value (account number, IFSC, UPI id, address) for paying out by hand. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('ops');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <button
      type="button"
      className="ops-copy"
      onClick={copy}
      aria-label={t('common.copy', { label })}
    >
      {copied ? t('common.copied') : t('common.copyShort')}
    </button>
  );
}
