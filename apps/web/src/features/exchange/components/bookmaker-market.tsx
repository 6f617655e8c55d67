import { useTranslation } from 'react-i18next';
import type { Market, Runner } from '@spm/contract';
import { useChangeFlash } from '../hooks/use-change-flash';
import type { Selection } from '../lib/bet-maths';
import { MarketStatusOverlay, isOpen } from './market-status';
import type { MarketPnlView } from './match-odds-market';
import { RunnerPnl } from './runner-pnl';
import { MarketHeader } from './market-header';

/**
 * One rate of the operator, flashing when it changes. Bookmaker quotes carry no size (the
 * operator takes any stake within the market's limits), so the cell shows the rate alone.
 */
function RateCell({
  side,
  rate,
  disabled,
  onPick,
}: {
  side: 'back' | 'lay';
  rate: Runner['backRate'];
  disabled: boolean;
  onPick: (rate: number) => void;
}) {
  const flash = useChangeFlash(rate === null ? '' : String(rate));
  return (
    <button
      type="button"
      className={`odds-cell odds-cell--${side} odds-cell--best${flash}`}
      data-testid={`bookmaker-${side}`}
      disabled={disabled || rate === null}
      onClick={() => rate !== null && onPick(rate)}
    >
      <span className="odds-cell__price">{rate ?? '—'}</span>
    </button>
  );
}

/** The operator's rates per 100 for each runner, back and lay. */
export function BookmakerMarket({
  market,
  pnl,
  onPick,
}: {
  market: Market;
  pnl: MarketPnlView;
  onPick: (selection: Selection) => void;
}) {
  const { t } = useTranslation();
  const disabled = !isOpen(market);
  return (
    <section
      className="market"
      data-testid="bookmaker-market"
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
          <div
            key={runner.id}
            className="runner-row"
            data-testid="bookmaker-row"
            data-runner-id={runner.id}
          >
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
            <div className="runner-row__rates">
              {(['back', 'lay'] as const).map((side) => (
                <RateCell
                  key={side}
                  side={side}
                  rate={side === 'back' ? runner.backRate : runner.layRate}
                  disabled={disabled}
                  onPick={(rate) =>
                    onPick({
                      kind: 'bookmaker',
                      marketId: market.id,
                      runnerId: runner.id,
                      runnerName: runner.name,
                      side,
                      rate,
                    })
                  }
                />
              ))}
            </div>
          </div>
        ))}
        <MarketStatusOverlay market={market} />
      </div>
    </section>
  );
}
