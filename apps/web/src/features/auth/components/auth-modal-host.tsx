import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import type { AuthModal as AuthModalName } from '@/shared/stores/app-store';
import { AuthModal } from './auth-modal';

const HEADING_KEYS: Record<AuthModalName, string> = {
  login: 'modals.login',
  mobileNumber: 'modals.mobileNumber',
  verifyNumber: 'modals.verifyNumber',
  register: 'modals.register',
  forgotpassword: 'modals.forgotpassword',
  resetpassword: 'modals.resetpassword',
};

/**
 * Renders the auth dialog named by the app store's activeAuthModal (SPEC 2.4, 2.5); the
 * dialogs have no routes. Their forms arrive with the identity issue.
 */
export function AuthModalHost() {
  const { t } = useTranslation();
  const active = useAppStore((state) => state.activeAuthModal);
  const closeAuthModal = useAppStore((state) => state.closeAuthModal);
  if (!active) return null;

  return <AuthModal name={active} title={t(HEADING_KEYS[active])} onClose={closeAuthModal} />;
}
