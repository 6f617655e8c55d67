import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/shared/ui/page-loader';

/** What a cashier screen shows before its data: the spinner, or why it could not load. */
export function LoadState({ isError, testId }: { isError: boolean; testId: string }) {
  const { t } = useTranslation();
  return isError ? (
    <p className="page__muted" role="alert" data-testid={`${testId}-error`}>
      {t('cashier.loadError')}
    </p>
  ) : (
    <div data-testid={`${testId}-loading`}>
      <PageLoader />
    </div>
  );
}
