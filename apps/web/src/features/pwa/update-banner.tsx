import { useTranslation } from 'react-i18next';
import { applyUpdate } from '@/shared/pwa/service-worker';
import { usePwaStore } from '@/shared/pwa/pwa-store';

/** A new version was deployed and its worker waits: the player reloads when it suits them. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const updateReady = usePwaStore((state) => state.updateReady);
  if (!updateReady) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t('pwa.updateReady')}</span>
      <button type="button" className="button button--primary" onClick={() => applyUpdate(window)}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}
