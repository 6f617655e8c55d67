import { useTranslation } from 'react-i18next';
import type { Paise } from '@spm/core';
import { formatPoints, netOfCommission, pointsToPaise } from '@spm/core';

const tone = (value: Paise) => (value > 0n ? 'pnl--up' : value < 0n ? 'pnl--down' : '');

/** Points from the API to paise; the API sends 2 decimals, a stray third one is rounded. */
function toPaise(points: number): Paise {
  const parsed = pointsToPaise(points);
  return parsed.ok ? parsed.paise : BigInt(Math.round(points * 100));
}

/**
 * Under a runner's name: the projected P&L if it wins (from GET /bet/pnl) and, while a bet
 * sits in the slip for this market, the P&L after that bet in a second colour. A winning
 * figure is shown net of the market's commission (core's netOfCommission, as settlement pays
 * it), so the ladder never promises more than the wallet will receive.
 */
export function RunnerPnl({
  current,
  whatIf,
  commissionBasisPoints = 0,
}: {
  current: number;
  whatIf: Paise | null;
  commissionBasisPoints?: number;
}) {
  const { t } = useTranslation();
  const currentPaise = toPaise(current);
  const after = whatIf === null ? null : currentPaise + whatIf;
  const shown = netOfCommission(currentPaise, commissionBasisPoints).netPaise;
  const shownAfter = after === null ? null : netOfCommission(after, commissionBasisPoints).netPaise;
  const note =
    commissionBasisPoints > 0
      ? t('exchange.profit.afterCommission', { percent: commissionBasisPoints / 100 })
      : undefined;
  return (
    <span className="runner-pnl" data-testid="runner-pnl" title={note}>
      <span className={`pnl ${tone(shown)}`} data-testid="runner-pnl-current">
        {formatPoints(shown)}
      </span>
      {shownAfter !== null && (
        <span className="pnl pnl--what-if" data-testid="runner-pnl-what-if">
          {'» '}
          {formatPoints(shownAfter)}
        </span>
      )}
    </span>
  );
}
