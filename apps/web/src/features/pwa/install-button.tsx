import { useTranslation } from 'react-i18next';
import { promptInstall, selectCanInstall, usePwaStore } from '@/shared/pwa/pwa-store';

/**
 * "Install app": only where the browser offers installation (Chromium's beforeinstallprompt)
 * and the app is not already installed or opened from the home screen. Safari offers no such
 * event; its players follow the steps on /pwa-instructions.
 */
export function InstallButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const canInstall = usePwaStore(selectCanInstall);
  if (!canInstall) return null;
  return (
    <button
      type="button"
      className={className ?? 'button button--primary'}
      onClick={() => void promptInstall()}
    >
      {t('pwa.install')}
    </button>
  );
}
