import type { MarketType } from '@spm/contract';
import type { MarketKind } from '../exchange-context.ts';
import { bookmaker } from './bookmaker.ts';
import { fancy } from './fancy.ts';
import { matchOdds } from './match-odds.ts';

export type { MarketKind } from '../exchange-context.ts';

/** Every market kind the exchange runs: a new kind is a new file and one line here. */
const MARKET_KINDS: { readonly [K in MarketType]: MarketKind } = {
  match_odds: matchOdds,
  bookmaker,
  fancy,
};

export function marketKind(type: MarketType): MarketKind {
  return MARKET_KINDS[type];
}
