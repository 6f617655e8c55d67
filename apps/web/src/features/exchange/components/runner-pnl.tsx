import type { Paise } from '@spm/core';
import { formatPoints } from '@spm/core';
import { formatAmount } from '@/shared/lib/format';

const tone = (value: number) => (value > 0 ? 'pnl--up' : value < 0 ? 'pnl--down' : '');

/**
 * Under a runner's name: the projected P&L if it wins (from GET /bet/pnl) and, while a bet
 * sits in the slip for this market, the P&L after that bet in a second colour.
 */
export function RunnerPnl({ current, whatIf }: { current: number; whatIf: Paise | null }) {
  const after = whatIf === null ? null : Math.round(current * 100) + Number(whatIf);
  return (
    <span className="runner-pnl" data-testid="runner-pnl">
      <span className={`pnl ${tone(current)}`} data-testid="runner-pnl-current">
        {formatAmount(current)}
      </span>
      {after !== null && (
        <span className="pnl pnl--what-if" data-testid="runner-pnl-what-if">
          {'» '}
          {formatPoints(BigInt(after))}
        </span>
      )}
    </span>
  );
}
