import { useTranslation } from 'react-i18next';
import type { SportsbookBet } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { PointsAmount } from '@/shared/ui/points-amount';
import { StatFigures } from '@/shared/ui/stat-figures';
import type { StatFigure } from '@/shared/ui/stat-figures';
import { slipKindOf } from '../lib/slip-type';
import { BetStatusBadge } from './sportsbook-parts';

function useSlipLabel(bet: SportsbookBet): string {
  const { t } = useTranslation('sportsbook');
  const slip = slipKindOf(bet.slipType, bet.legs.length);
  if (slip.kind === 'single') return t('slip.single');
  if (slip.kind === 'accumulator') return t('slip.accumulator', { legs: slip.legs });
  return slip.combination
    ? t('slip.system', { combination: slip.combination })
    : t('slip.systemAny');
}

function Legs({ legs }: { legs: SportsbookBet['legs'] }) {
  const { t } = useTranslation('sportsbook');
  return (
    <ul className="sportsbook-legs" aria-label={t('bet.legs')}>
      {legs.map((leg, index) => (
        // A slip may hold two outcomes of one market (a system): the position tells them apart.
        <li key={index} className="sportsbook-leg" data-testid="sportsbook-leg">
          <span className="sportsbook-leg__main">
            <span className="sportsbook-leg__event" data-testid="sportsbook-leg-event">
              {leg.eventName}
              {leg.live && (
                <span className="sportsbook-live" data-testid="sportsbook-leg-live">
                  {t('bet.live')}
                </span>
              )}
            </span>
            <span className="sportsbook-leg__pick page__muted" data-testid="sportsbook-leg-pick">
              {t('bet.pick', { market: leg.marketName, outcome: leg.outcomeName })}
            </span>
          </span>
          <span className="sportsbook-leg__odds" data-testid="sportsbook-leg-odds">
            {leg.odds}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One bet of the player's: its slip, status, legs, money and times. */
export function BetCard({ bet }: { bet: SportsbookBet }) {
  const { t, i18n } = useTranslation('sportsbook');
  const slipLabel = useSlipLabel(bet);
  const amount = (points: number) => <PointsAmount amount={points} playMoney={bet.playMoney} />;
  const figures: StatFigure[] = [
    { id: 'odds', label: t('bet.totalOdds'), value: bet.totalOdds },
    { id: 'stake', label: t('bet.stake'), value: amount(bet.stakePoints) },
    { id: 'potential', label: t('bet.potentialWin'), value: amount(bet.potentialWinPoints) },
  ];
  // An open bet has paid nothing yet; a lost one paid nothing (its payout is 0 or null).
  if (bet.status !== 'open') {
    figures.push({ id: 'payout', label: t('bet.payout'), value: amount(bet.payoutPoints ?? 0) });
  }
  return (
    <li
      className={`sportsbook-bet sportsbook-bet--${bet.status}`}
      data-testid="sportsbook-bet"
      data-bet-id={bet.betId}
      data-status={bet.status}
    >
      <header className="sportsbook-bet__head">
        <span className="sportsbook-bet__type" data-testid="sportsbook-bet-type">
          {slipLabel}
        </span>
        <BetStatusBadge status={bet.status} />
      </header>
      <Legs legs={bet.legs} />
      <StatFigures prefix="sportsbook-bet" label={t('bet.figures')} figures={figures} />
      <dl className="sportsbook-bet__times">
        <div data-testid="sportsbook-bet-placed">
          <dt>{t('bet.placed')}</dt>
          <dd>
            <time dateTime={bet.placedAt}>{formatDateTime(bet.placedAt, i18n.language)}</time>
          </dd>
        </div>
        {bet.settledAt && (
          <div data-testid="sportsbook-bet-settled">
            <dt>{t('bet.settled')}</dt>
            <dd>
              <time dateTime={bet.settledAt}>{formatDateTime(bet.settledAt, i18n.language)}</time>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
