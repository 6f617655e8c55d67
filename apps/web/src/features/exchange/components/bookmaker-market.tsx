import { useTranslation } from 'react-i18next';
import type { Market } from '@spm/contract';
import type { Selection } from '../lib/bet-maths';
import { MarketStatusOverlay, isOpen } from './market-status';
import type { MarketPnlView } from './match-odds-market';
import { RunnerPnl } from './runner-pnl';
import { MarketHeader } from './market-header';

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
    <section className="market" data-testid="bookmaker-market" data-market-id={market.id}>
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
              {(['back', 'lay'] as const).map((side) => {
                const rate = side === 'back' ? runner.backRate : runner.layRate;
                return (
                  <button
                    key={side}
                    type="button"
                    className={`odds-cell odds-cell--${side} odds-cell--best`}
                    data-testid={`bookmaker-${side}`}
                    disabled={disabled || rate === null}
                    onClick={() =>
                      rate !== null &&
                      onPick({
                        kind: 'bookmaker',
                        marketId: market.id,
                        runnerId: runner.id,
                        runnerName: runner.name,
                        side,
                        rate,
                      })
                    }
                  >
                    <span className="odds-cell__price">{rate ?? '—'}</span>
                  </button>
                );
              })}
            </div>
          </div>
        ))}
        <MarketStatusOverlay market={market} />
      </div>
    </section>
  );
}
