import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import type { AuthModal as AuthModalName } from '@/shared/stores/app-store';
import { AuthModal } from './auth-modal';

/*
 * The dialogs' code (forms, their zod schemas from the contract, the auth calls) loads when
 * one opens, not with the page: most first visits open none, and the player app's first
 * download has a 150 KB budget (issue 11 item 9). The frame shows at once; its body follows.
 */
const LoginDialog = lazy(() =>
  import('./login-dialog').then((module) => ({ default: module.LoginDialog })),
);
const MobileNumberDialog = lazy(() =>
  import('./mobile-number-dialog').then((module) => ({ default: module.MobileNumberDialog })),
);
const VerifyNumberDialog = lazy(() =>
  import('./verify-number-dialog').then((module) => ({ default: module.VerifyNumberDialog })),
);
const RegisterDialog = lazy(() =>
  import('./register-dialog').then((module) => ({ default: module.RegisterDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);
const ResetPasswordDialog = lazy(() =>
  import('./reset-password-dialog').then((module) => ({ default: module.ResetPasswordDialog })),
);

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
      <Suspense fallback={null}>
        <Body />
      </Suspense>
    </AuthModal>
  );
}
