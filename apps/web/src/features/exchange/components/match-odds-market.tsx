import { useTranslation } from 'react-i18next';
import type { Market, PriceSize, Runner } from '@spm/contract';
import type { Paise } from '@spm/core';
import { formatAmount, formatVolume } from '@spm/client';
import { useChangeFlash } from '../hooks/use-change-flash';
import type { Selection } from '../lib/bet-maths';
import { MarketStatusOverlay, isOpen } from './market-status';
import { formatOdds } from './odds-text';
import { RunnerPnl } from './runner-pnl';
import { MarketHeader } from './market-header';

const LADDER_DEPTH = 3;

/** Best first: the highest price to back, the lowest to lay. */
function bestFirst(levels: readonly PriceSize[], side: 'back' | 'lay'): PriceSize[] {
  return [...levels]
    .sort((a, b) => (side === 'back' ? b.price - a.price : a.price - b.price))
    .slice(0, LADDER_DEPTH);
}

export interface MarketPnlView {
  /** Runner id -> projected P&L in points, for signed-in players. */
  current: Map<string, number> | null;
  whatIf: Map<string, Paise> | null;
  /** What settlement takes from a win on this market, in basis points (0: none). */
  commissionBasisPoints: number;
}

function LadderCell({
  side,
  index,
  level,
  fallbackPrice,
  disabled,
  onPick,
}: {
  side: 'back' | 'lay';
  index: number;
  level: PriceSize | undefined;
  fallbackPrice: number;
  disabled: boolean;
  onPick: (price: number) => void;
}) {
  // An empty best cell still opens the slip (at a nearby price), so a player can make a book.
  const price = level?.price ?? (index === 0 ? fallbackPrice : null);
  const flash = useChangeFlash(level ? `${level.price}@${level.amount}` : '');
  return (
    <button
      type="button"
      className={`odds-cell odds-cell--${side}${index === 0 ? ' odds-cell--best' : ''}${flash}`}
      data-testid={`${side}-cell-${index}`}
      disabled={disabled || price === null}
      onClick={() => price !== null && onPick(price)}
    >
      <span className="odds-cell__price">{level ? formatOdds(level.price) : '—'}</span>
      {level && (
        <span
          className="odds-cell__amount"
          data-testid="odds-cell-size"
          // The short figure under the price; the exact one for a hover or a screen reader.
          title={formatAmount(level.amount)}
        >
          {formatVolume(level.amount)}
        </span>
      )}
    </button>
  );
}

function RunnerRow({
  market,
  runner,
  pnl,
  onPick,
}: {
  market: Market;
  runner: Runner;
  pnl: MarketPnlView;
  onPick: (selection: Selection) => void;
}) {
  const backs = bestFirst(runner.availableToBack, 'back');
  const lays = bestFirst(runner.availableToLay, 'lay');
  const disabled = !isOpen(market);
  const pick = (side: 'back' | 'lay') => (price: number) =>
    onPick({
      kind: 'match_odds',
      marketId: market.id,
      runnerId: runner.id,
      runnerName: runner.name,
      side,
      price,
    });
  const fallback = runner.lastTradedPrice ?? lays[0]?.price ?? backs[0]?.price ?? 2;
  return (
    <div className="runner-row" data-testid="runner-row" data-runner-id={runner.id}>
      <div className="runner-row__name">
        <span>{runner.name}</span>
        {pnl.current && (
          <RunnerPnl
            current={pnl.current.get(runner.id) ?? 0}
            whatIf={pnl.whatIf?.get(runner.id) ?? null}
            commissionBasisPoints={pnl.commissionBasisPoints}
          />
        )}
      </div>
      <div className="runner-row__ladder">
        {/* Betfair layout: back prices get better towards the centre, lay prices start there. */}
        {[2, 1, 0].map((index) => (
          <LadderCell
            key={`back-${index}`}
            side="back"
            index={index}
            level={backs[index]}
            fallbackPrice={fallback}
            disabled={disabled}
            onPick={pick('back')}
          />
        ))}
        {[0, 1, 2].map((index) => (
          <LadderCell
            key={`lay-${index}`}
            side="lay"
            index={index}
            level={lays[index]}
            fallbackPrice={fallback}
            disabled={disabled}
            onPick={pick('lay')}
          />
        ))}
      </div>
    </div>
  );
}

/** One match-odds market: a 3-deep back and lay ladder per runner. */
export function MatchOddsMarket({
  market,
  pnl,
  onPick,
}: {
  market: Market;
  pnl: MarketPnlView;
  onPick: (selection: Selection) => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="market"
      data-testid="match-odds-market"
      data-market-id={market.id}
      data-version={market.version}
    >
      <MarketHeader
        title={market.name}
        legend={[
          { label: t('exchange.back'), tone: 'back' },
          { label: t('exchange.lay'), tone: 'lay' },
        ]}
      />
      <div className="market__body">
        {market.runners.map((runner) => (
          <RunnerRow key={runner.id} market={market} runner={runner} pnl={pnl} onPick={onPick} />
        ))}
        <MarketStatusOverlay market={market} />
      </div>
    </section>
  );
}
