import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { AuthModal } from './auth-modal';

/** The welcome shown once after a login or demo login (SPEC 3 showPostLoginModal, 4.2). */
export function PostLoginModal() {
  const { t } = useTranslation();
  const show = useAppStore((state) => state.showPostLoginModal);
  const setShow = useAppStore((state) => state.setShowPostLoginModal);
  const isAuth = useAuthStore((state) => state.isAuth);
  const user = useAuthStore((state) => state.user);
  const profileName = useAuthStore((state) => state.userProfile?.name);
  // Stable, so the dialog frame does not re-run its focus effect on every render.
  const close = useCallback(() => setShow(false), [setShow]);
  if (!show || !isAuth) return null;

  const name =
    profileName ||
    (typeof user?.name === 'string' && user.name) ||
    user?.username ||
    t('postLogin.player');
  const isDemo = user?.isDemo === true;

  return (
    <AuthModal
      name="postLogin"
      title={t('postLogin.title')}
      onClose={close}
      testId="post-login-modal"
      closeTestId="post-login-close"
    >
      <div className="welcome">
        <p className="welcome__greeting">{t('postLogin.greeting', { name })}</p>
        <p className="welcome__text">{t(isDemo ? 'postLogin.demoText' : 'postLogin.text')}</p>
        <p className="welcome__note">{t('common.ageNotice')}</p>
        <div className="welcome__actions">
          {!isDemo && (
            <Link className="button button--outline" to="/cashier" onClick={close}>
              {t('postLogin.deposit')}
            </Link>
          )}
          <button type="button" className="button button--primary" onClick={close}>
            {t('postLogin.continue')}
          </button>
        </div>
      </div>
    </AuthModal>
  );
}
