import { useTranslation } from 'react-i18next';
import type { Market } from '@spm/contract';

/** Prices can be taken only while the market is open. */
export function isOpen(market: Market): boolean {
  return market.status === 'open';
}

/**
 * The overlay over a market that is not open: "Ball running" (a session stopped while the
 * ball is bowled), "Suspended", or "Closed" once decided.
 */
export function MarketStatusOverlay({ market }: { market: Market }) {
  const { t } = useTranslation();
  if (isOpen(market)) return null;
  const ballRunning = market.status === 'suspended' && market.ballRunning === true;
  return (
    <div
      className="market-overlay"
      data-testid="market-status"
      data-status={ballRunning ? 'ball_running' : market.status}
    >
      {ballRunning
        ? t('exchange.ballRunning')
        : market.status === 'suspended'
          ? t('exchange.suspended')
          : t('exchange.closed')}
    </div>
  );
}
