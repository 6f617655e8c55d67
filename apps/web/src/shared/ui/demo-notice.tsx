import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/shared/stores/auth-store';
import './notice.css';

/** Whether the signed-in account plays with demo money (the login answer says so). */
export function useIsDemo(): boolean {
  return useAuthStore((state) => state.user?.isDemo === true);
}

/**
 * Said up front on every cashier screen of a demo account: the server refuses its money
 * writes (403 DEMO_ACCOUNT) because play money never becomes real money.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  if (!isDemo) return null;
  return (
    <p className="notice notice--warning" role="note" data-testid="demo-notice">
      {t('cashier.demoNotice')}
    </p>
  );
}
