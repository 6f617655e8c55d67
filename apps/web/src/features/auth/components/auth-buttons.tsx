import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';

/** Sign in / Register for visitors; they open dialogs, not routes (SPEC 2.5). */
export function AuthButtons() {
  const { t } = useTranslation();
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  return (
    <div className="auth-buttons">
      <button
        type="button"
        className="button button--outline"
        data-testid="open-login"
        onClick={() => openAuthModal('login')}
      >
        {t('header.signIn')}
      </button>
      <button
        type="button"
        className="button button--primary"
        data-testid="open-register"
        onClick={() => openAuthModal('register')}
      >
        {t('header.register')}
      </button>
    </div>
  );
}
