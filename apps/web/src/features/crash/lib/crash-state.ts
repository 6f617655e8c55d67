import type { CrashBetEvent, CrashBetView, CrashRoundState, CrashState } from '@spm/contract';

/** How many crash points the history strip keeps. */
export const HISTORY_LENGTH = 30;

const serverMs = (round: CrashRoundState) => Date.parse(round.serverTime);

/**
 * Whether `incoming` is at least as new as `current`: the server stamps every state with its
 * time, so an HTTP answer that arrives after the socket's join (or a late push) cannot take
 * the screen back.
 */
export function isNewer(current: CrashRoundState | null, incoming: CrashRoundState): boolean {
  if (!current) return true;
  const [have, got] = [serverMs(current), serverMs(incoming)];
  return !Number.isFinite(have) || !Number.isFinite(got) || got >= have;
}

/**
 * The player's own bets: the server marks them `mine` in its answers and in the state it
 * sends this player, while a room push goes to everyone alike; a bet once known as mine
 * stays mine.
 */
function mergeBet(existing: CrashBetView | undefined, incoming: CrashBetView): CrashBetView {
  return existing?.mine && !incoming.mine ? { ...incoming, mine: true } : incoming;
}

/** This round's bets with the pushed (or answered) ones applied; other rounds' are ignored. */
export function applyBetEvents(
  bets: readonly CrashBetView[],
  roundId: string,
  events: readonly CrashBetEvent[],
): CrashBetView[] {
  const next = [...bets];
  for (const { bet, cancelled } of events) {
    if (bet.roundId !== roundId) continue;
    const index = next.findIndex((item) => item.id === bet.id);
    if (cancelled) {
      if (index >= 0) next.splice(index, 1);
    } else if (index >= 0) next[index] = mergeBet(next[index], bet);
    else next.push(bet);
  }
  return next;
}

/**
 * A whole state (the join's acknowledgement, GET /api/crash/state), taken unless it is older
 * than the one shown. Bets known as mine keep that mark.
 */
export function applyState(current: CrashState | null, incoming: CrashState): CrashState {
  if (current && !isNewer(current.round, incoming.round)) return current;
  if (!current || current.round.roundId !== incoming.round.roundId) return incoming;
  const mine = new Set(current.bets.filter((bet) => bet.mine).map((bet) => bet.id));
  return {
    ...incoming,
    bets: incoming.bets.map((bet) => (mine.has(bet.id) ? { ...bet, mine: true } : bet)),
  };
}

/**
 * A phase change (`crash:round`). A new round starts with no bets (they come as pushes); a
 * crash adds its point to the history and marks the bets still flying as lost.
 */
export function applyRound(current: CrashState, round: CrashRoundState): CrashState {
  if (!isNewer(current.round, round)) return current;
  const newRound = round.roundId !== current.round.roundId;
  let { bets, history } = current;
  if (newRound) bets = [];
  if (round.phase === 'crashed' && round.crashPoint !== null) {
    const point = { roundId: round.roundId, crashPoint: round.crashPoint };
    history = [point, ...history.filter((item) => item.roundId !== round.roundId)].slice(
      0,
      HISTORY_LENGTH,
    );
    bets = bets.map((bet) => (bet.status === 'active' ? { ...bet, status: 'lost' as const } : bet));
  }
  return { ...current, round, bets, history };
}

/** A tick proves the flight started: a missed `flying` push is made good from it. */
export function applyTickPhase(current: CrashState, roundId: string): CrashState {
  if (current.round.roundId !== roundId || current.round.phase !== 'betting') return current;
  return { ...current, round: { ...current.round, phase: 'flying' } };
}

/** One of my bets from an answer (placed, cancelled, cashed out), marked as mine. */
export function applyMyBet(current: CrashState, bet: CrashBetView, cancelled = false): CrashState {
  return {
    ...current,
    bets: applyBetEvents(current.bets, current.round.roundId, [
      { bet: { ...bet, mine: true }, cancelled },
    ]),
  };
}

/** My bet on a panel in the round shown, if any. */
export function myPanelBet(state: CrashState, panel: number): CrashBetView | null {
  return (
    state.bets.find(
      (bet) =>
        bet.mine &&
        bet.panel === panel &&
        bet.roundId === state.round.roundId &&
        bet.status !== 'refunded',
    ) ?? null
  );
}
