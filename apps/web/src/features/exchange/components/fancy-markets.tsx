import { useTranslation } from 'react-i18next';
import type { Market } from '@spm/contract';
import { useChangeFlash } from '../hooks/use-change-flash';
import type { Selection } from '../lib/bet-maths';
import { MarketStatusOverlay, isOpen } from './market-status';
import { MarketHeader } from './market-header';

/**
 * One side of a session line: the line over its rate per 100, flashing when either moves
 * (the line moves with the innings).
 */
function FancyCell({
  side,
  line,
  rate,
  disabled,
  onPick,
}: {
  side: 'yes' | 'no';
  line: number | null;
  rate: number | null;
  disabled: boolean;
  onPick: () => void;
}) {
  const flash = useChangeFlash(line === null || rate === null ? '' : `${line}@${rate}`);
  return (
    <button
      type="button"
      className={`odds-cell odds-cell--${side === 'yes' ? 'back' : 'lay'} odds-cell--best${flash}`}
      data-testid={`fancy-${side}`}
      disabled={disabled || rate === null}
      onClick={onPick}
    >
      <span className="odds-cell__price">{line ?? '—'}</span>
      <span className="odds-cell__amount">{rate ?? '—'}</span>
    </button>
  );
}

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
            data-version={market.version}
          >
            <div className="runner-row__name">{market.name}</div>
            <div className="runner-row__rates">
              <FancyCell
                side="no"
                line={market.line}
                rate={market.noRate}
                disabled={disabled}
                onPick={() => pick('no', market.noRate)}
              />
              <FancyCell
                side="yes"
                line={market.line}
                rate={market.yesRate}
                disabled={disabled}
                onPick={() => pick('yes', market.yesRate)}
              />
            </div>
            <MarketStatusOverlay market={market} />
          </div>
        );
      })}
    </section>
  );
}
