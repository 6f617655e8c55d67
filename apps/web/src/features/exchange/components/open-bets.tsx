import { useTranslation } from 'react-i18next';
import type { Bet } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { useBets } from '../api/exchange-api';
import { CancelOrderButton } from './cancel-button';
import { formatOdds } from './odds-text';

function BetLine({ bet, cancellable }: { bet: Bet; cancellable: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      className={`open-bet open-bet--${bet.side}`}
      data-testid={cancellable ? 'open-bet' : 'matched-bet'}
      data-bet-id={bet.id}
    >
      <span className="open-bet__what">
        <strong>{bet.runnerName}</strong> · {t(`exchange.${bet.side}`)} ·{' '}
        {bet.marketType === 'match_odds' ? formatOdds(bet.price) : bet.price}
      </span>
      <span className="open-bet__stake">
        {formatAmount(cancellable ? bet.unmatchedStake : bet.matchedStake)}
      </span>
      {cancellable && (
        <CancelOrderButton orderId={bet.id} eventId={bet.eventId} testId="open-bet-cancel" />
      )}
    </li>
  );
}

/** The player's unmatched orders (cancellable) and matched bets on this event. */
export function OpenBets({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const unmatched = useBets({ status: 'unmatched', eventId, page: 1 });
  const matched = useBets({ status: 'matched', eventId, page: 1 });
  return (
    <section className="open-bets" data-testid="open-bets">
      <h2 className="market__title">{t('exchange.unmatchedBets')}</h2>
      {unmatched.data?.items.length ? (
        <ul className="open-bets__list">
          {unmatched.data.items.map((bet) => (
            <BetLine key={bet.id} bet={bet} cancellable />
          ))}
        </ul>
      ) : (
        <p className="page__muted">{t('exchange.noBets')}</p>
      )}
      <h2 className="market__title">{t('exchange.matchedBets')}</h2>
      {matched.data?.items.length ? (
        <ul className="open-bets__list">
          {matched.data.items.map((bet) => (
            <BetLine key={bet.id} bet={bet} cancellable={false} />
          ))}
        </ul>
      ) : (
        <p className="page__muted">{t('exchange.noBets')}</p>
      )}
    </section>
  );
}
