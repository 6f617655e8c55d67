import {
  bookmakerBetPnl,
  exchangeBetPnl,
  exchangeProfitPaise,
  fancyBetPnl,
  parsePrice,
  pointsToPaise,
} from '@spm/core';
import type { Paise } from '@spm/core';
import type { Bet } from '@spm/contract';

/** What the bet slip holds: the clicked price and everything needed to place it. */
export type Selection =
  | {
      kind: 'match_odds';
      marketId: string;
      runnerId: string;
      runnerName: string;
      side: 'back' | 'lay';
      /** Decimal odds as clicked. */
      price: number;
    }
  | {
      kind: 'bookmaker';
      marketId: string;
      runnerId: string;
      runnerName: string;
      side: 'back' | 'lay';
      rate: number;
    }
  | {
      kind: 'fancy';
      marketId: string;
      marketName: string;
      side: 'yes' | 'no';
      line: number;
      rate: number;
    };

// Stake text to paise is shared with the casino's chips (shared/lib/stake-presets.ts).
export { stakeToPaise } from '@/shared/lib/stake-presets';

/** Price text to ladder hundredths, or null when it is not a ladder price. */
export function priceTextToHundredths(text: string): number | null {
  if (!text.trim()) return null;
  const parsed = parsePrice(Number(text));
  return parsed.ok ? parsed.priceHundredths : null;
}

/**
 * What the slip shows: the win when backing (back, yes) or the liability when laying
 * (lay, no), both from @spm/core's P&L functions so the slip says what settlement pays.
 */
export function slipOutcome(
  selection: Selection,
  stakePaise: Paise,
  priceHundredths: number | null,
): { kind: 'profit' | 'liability'; paise: Paise } | null {
  switch (selection.kind) {
    case 'match_odds': {
      if (priceHundredths === null) return null;
      const amount = exchangeProfitPaise(stakePaise, priceHundredths);
      return { kind: selection.side === 'back' ? 'profit' : 'liability', paise: amount };
    }
    case 'bookmaker': {
      const bet = { ...selection, ratePer100: selection.rate, stakePaise };
      return selection.side === 'back'
        ? { kind: 'profit', paise: bookmakerBetPnl(bet, selection.runnerId) }
        : { kind: 'liability', paise: -bookmakerBetPnl(bet, selection.runnerId) };
    }
    case 'fancy': {
      const bet = {
        side: selection.side,
        line: selection.line,
        ratePer100: selection.rate,
        stakePaise,
      };
      // Yes wins at result >= line; No loses there.
      return selection.side === 'yes'
        ? { kind: 'profit', paise: fancyBetPnl(bet, selection.line) }
        : { kind: 'liability', paise: -fancyBetPnl(bet, selection.line) };
    }
  }
}

/** The slip bet's P&L for each runner of its market winning (the what-if line), or null. */
export function whatIfPnl(
  selection: Selection,
  runnerIds: readonly string[],
  stakePaise: Paise,
  priceHundredths: number | null,
): Map<string, Paise> | null {
  if (selection.kind === 'fancy') return null;
  if (selection.kind === 'match_odds' && priceHundredths === null) return null;
  const pnl = new Map<string, Paise>();
  for (const winner of runnerIds) {
    pnl.set(
      winner,
      selection.kind === 'match_odds'
        ? exchangeBetPnl(
            {
              side: selection.side,
              runnerId: selection.runnerId,
              priceHundredths: priceHundredths ?? 0,
              stakePaise,
            },
            winner,
          )
        : bookmakerBetPnl(
            {
              side: selection.side,
              runnerId: selection.runnerId,
              ratePer100: selection.rate,
              stakePaise,
            },
            winner,
          ),
    );
  }
  return pnl;
}

/**
 * What a bet in /mybets wins if it wins, before commission: a settled bet's own P&L (when it
 * won), else the projection for its stake (matched, or still waiting), from the same core P&L
 * functions settlement uses. Null when there is nothing to win (a loss, a void, no stake).
 */
export function betWinPaise(bet: Bet, stake: number): Paise | null {
  if (bet.profitLoss !== null) {
    const settled = pointsToPaise(bet.profitLoss);
    return settled.ok && settled.paise > 0n ? settled.paise : null;
  }
  const parsedStake = pointsToPaise(stake);
  if (!parsedStake.ok || parsedStake.paise <= 0n) return null;
  const stakePaise = parsedStake.paise;
  // The bet's own runner ('mine') wins a back bet; any other runner wins a lay bet.
  const winner = bet.side === 'back' ? 'mine' : 'other';
  let win: Paise;
  switch (bet.marketType) {
    case 'match_odds': {
      const price = parsePrice(bet.price);
      if (!price.ok || (bet.side !== 'back' && bet.side !== 'lay')) return null;
      win = exchangeBetPnl(
        { side: bet.side, runnerId: 'mine', priceHundredths: price.priceHundredths, stakePaise },
        winner,
      );
      break;
    }
    case 'bookmaker':
      if (bet.side !== 'back' && bet.side !== 'lay') return null;
      win = bookmakerBetPnl(
        { side: bet.side, runnerId: 'mine', ratePer100: bet.price, stakePaise },
        winner,
      );
      break;
    case 'fancy': {
      if ((bet.side !== 'yes' && bet.side !== 'no') || bet.line === null) return null;
      // Yes wins at result >= line, No below it.
      const result = bet.side === 'yes' ? bet.line : bet.line - 1;
      win = fancyBetPnl(
        { side: bet.side, line: bet.line, ratePer100: bet.price, stakePaise },
        result,
      );
      break;
    }
  }
  return win > 0n ? win : null;
}
