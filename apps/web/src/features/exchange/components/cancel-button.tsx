import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { useIdempotencyKey } from '@/shared/hooks/use-idempotency-key';
import { cancelOrder, exchangeKeys } from '../api/exchange-api';

/**
 * Cancels an unmatched order in full, then refreshes the bet lists and the P&L. One key per
 * order: a second click after a cancel whose answer was lost is the same cancel to the server,
 * which answers it again rather than ORDER_NOT_FOUND.
 */
export function CancelOrderButton({
  orderId,
  eventId,
  testId,
}: {
  orderId: string;
  eventId: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useIdempotencyKey(orderId);
  return (
    <button
      type="button"
      className="button button--outline bet-cancel"
      disabled={busy}
      aria-busy={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        const answer = await cancelOrder(orderId, idempotencyKey);
        setBusy(false);
        if (answer) toast.success(t('exchange.result.cancelled'));
        void queryClient.invalidateQueries({ queryKey: exchangeKeys.bets });
        void queryClient.invalidateQueries({ queryKey: exchangeKeys.pnl(eventId) });
      }}
    >
      {t('exchange.cancelBet')}
    </button>
  );
}
