import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import type { AuthModal as AuthModalName } from '@/shared/stores/app-store';
import { AuthModal } from './auth-modal';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginDialog } from './login-dialog';
import { MobileNumberDialog } from './mobile-number-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { VerifyNumberDialog } from './verify-number-dialog';

const DIALOGS: Record<AuthModalName, { titleKey: string; body: ComponentType }> = {
  login: { titleKey: 'modals.login', body: LoginDialog },
  mobileNumber: { titleKey: 'modals.mobileNumber', body: MobileNumberDialog },
  verifyNumber: { titleKey: 'modals.verifyNumber', body: VerifyNumberDialog },
  register: { titleKey: 'modals.register', body: RegisterDialog },
  forgotpassword: { titleKey: 'modals.forgotpassword', body: ForgotPasswordDialog },
  resetpassword: { titleKey: 'modals.resetpassword', body: ResetPasswordDialog },
};

/**
 * Renders the auth dialog named by the app store's activeAuthModal (SPEC 2.4, 2.5); the
 * dialogs have no routes. Closing sets none (SPEC 4.1). Each switch mounts a fresh dialog,
 * so no form keeps the previous one's state.
 */
export function AuthModalHost() {
  const { t } = useTranslation();
  const active = useAppStore((state) => state.activeAuthModal);
  const closeAuthModal = useAppStore((state) => state.closeAuthModal);
  if (!active) return null;
  const { titleKey, body: Body } = DIALOGS[active];

  return (
    <AuthModal key={active} name={active} title={t(titleKey)} onClose={closeAuthModal}>
      <Body />
    </AuthModal>
  );
}
