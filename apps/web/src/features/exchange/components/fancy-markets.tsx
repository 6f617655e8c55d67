import { useTranslation } from 'react-i18next';
import type { Market } from '@spm/contract';
import type { Selection } from '../lib/bet-maths';
import { MarketStatusOverlay, isOpen } from './market-status';
import { MarketHeader } from './market-header';

/** Session markets: a line with No (lay-coloured) and Yes (back-coloured) rates per 100. */
export function FancyMarkets({
  markets,
  onPick,
}: {
  markets: readonly Market[];
  onPick: (selection: Selection) => void;
}) {
  const { t } = useTranslation();
  if (markets.length === 0) return null;
  return (
    <section className="market" data-testid="fancy-market">
      <MarketHeader
        title={t('exchange.fancy')}
        legend={[
          { label: t('exchange.no'), tone: 'lay' },
          { label: t('exchange.yes'), tone: 'back' },
        ]}
      />
      {markets.map((market) => {
        const disabled = !isOpen(market) || market.line === null;
        const pick = (side: 'yes' | 'no', rate: number | null) => {
          if (rate === null || market.line === null) return;
          onPick({
            kind: 'fancy',
            marketId: market.id,
            marketName: market.name,
            side,
            line: market.line,
            rate,
          });
        };
        return (
          <div
            key={market.id}
            className="runner-row market__body"
            data-testid="fancy-row"
            data-market-id={market.id}
          >
            <div className="runner-row__name">{market.name}</div>
            <div className="runner-row__rates">
              <button
                type="button"
                className="odds-cell odds-cell--lay odds-cell--best"
                data-testid="fancy-no"
                disabled={disabled || market.noRate === null}
                onClick={() => pick('no', market.noRate)}
              >
                <span className="odds-cell__price">{market.line ?? '—'}</span>
                <span className="odds-cell__amount">{market.noRate ?? '—'}</span>
              </button>
              <button
                type="button"
                className="odds-cell odds-cell--back odds-cell--best"
                data-testid="fancy-yes"
                disabled={disabled || market.yesRate === null}
                onClick={() => pick('yes', market.yesRate)}
              >
                <span className="odds-cell__price">{market.line ?? '—'}</span>
                <span className="odds-cell__amount">{market.yesRate ?? '—'}</span>
              </button>
            </div>
            <MarketStatusOverlay market={market} />
          </div>
        );
      })}
    </section>
  );
}
