import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_FOR_MS = 1500;

/** Copies a value (a provider's secret) to the clipboard, saying so for a moment. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button type="button" onClick={copy} aria-label={t('casino.copy', { label })}>
      {state === 'copied'
        ? t('casino.copied')
        : state === 'failed'
          ? t('casino.copyFailed')
          : t('casino.copyShort')}
    </button>
  );
}
