import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { BonusClaim } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useCancelBonusClaim } from '../api/bonus-api';

/**
 * Cancel for a pending or active bonus, asked in a dialog first: an active one forfeits the
 * coins left (`coinsLeft`, said when known), a pending one nothing.
 */
export function CancelBonus({
  claim,
  coinsLeft,
}: {
  claim: Pick<BonusClaim, 'id' | 'status'>;
  coinsLeft: number | null;
}) {
  const { t } = useTranslation('bonus');
  const [asking, setAsking] = useState(false);
  const cancel = useCancelBonusClaim();
  const pending = claim.status === 'pending';
  const close = useCallback(() => setAsking(false), []);

  const confirm = () => {
    cancel.mutate(claim.id, {
      onSuccess: () => toast.success(t(pending ? 'claim.cancelledPending' : 'claim.cancelled')),
      // A refusal (BONUS_CLAIM_ENDED: it ended meanwhile) is toasted by the request.
      onSettled: close,
    });
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline bonus-action bonus-cancel"
        onClick={() => setAsking(true)}
        disabled={cancel.isPending}
        data-testid="bonus-cancel"
      >
        {t(pending ? 'claim.cancelPending' : 'claim.cancel')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t(pending ? 'claim.cancelPendingTitle' : 'claim.cancelTitle')}
          confirmLabel={t('claim.cancelConfirm')}
          onConfirm={confirm}
          onCancel={close}
          busy={cancel.isPending}
          testId="bonus-cancel-dialog"
        >
          <p data-testid="bonus-cancel-text">
            {pending
              ? t('claim.cancelPendingText')
              : coinsLeft !== null
                ? t('claim.cancelText', { coins: formatAmount(coinsLeft) })
                : t('claim.cancelTextNoAmount')}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
