import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import { cancelOrder, exchangeKeys } from '../api/exchange-api';

/** Cancels an unmatched order in full, then refreshes the bet lists and the P&L. */
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
  return (
    <button
      type="button"
      className="button button--outline bet-cancel"
      disabled={busy}
      aria-busy={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        const answer = await cancelOrder(orderId);
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
