import { SPM_ROUND_PHASES } from '@spm/contract';
import type { SpmBet, SpmRound } from '@spm/contract';

/** The later of two views of a table's round: a later round, else the later phase of it. */
export function newerRound(current: SpmRound | null, incoming: SpmRound): SpmRound {
  if (!current) return incoming;
  if (incoming.number !== current.number)
    return incoming.number > current.number ? incoming : current;
  const phase = (round: SpmRound) => SPM_ROUND_PHASES.indexOf(round.phase);
  if (phase(incoming) !== phase(current))
    return phase(incoming) > phase(current) ? incoming : current;
  // Same phase: while dealing, the view with more cards dealt is the later one.
  const dealt = (round: SpmRound) =>
    Object.values(round.outcome.hands).reduce((total, cards) => total + cards.length, 0);
  return dealt(incoming) >= dealt(current) ? incoming : current;
}

/** Bets by id: the server's latest view of a bet replaces the one its placement answered. */
export function mergeBets(placed: readonly SpmBet[], fromServer: readonly SpmBet[]): SpmBet[] {
  const byId = new Map<string, SpmBet>();
  for (const bet of placed) byId.set(bet.id, bet);
  for (const bet of fromServer) byId.set(bet.id, bet);
  return [...byId.values()].sort((a, b) => a.placedAt.localeCompare(b.placedAt));
}

/** What a settled round returned on the player's winning bets (stake included), or 0. */
export function roundWinnings(bets: readonly SpmBet[], roundId: string): number {
  const paise = bets
    .filter((bet) => bet.roundId === roundId && bet.status === 'won')
    .reduce((total, bet) => total + Math.round((bet.payout ?? 0) * 100), 0);
  return paise / 100;
}
