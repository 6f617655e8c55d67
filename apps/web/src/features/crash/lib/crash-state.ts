import type {
  CrashBetEvent,
  CrashBetsCounts,
  CrashBetsSummary,
  CrashBetView,
  CrashRoundState,
  CrashState,
} from '@spm/contract';

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

/** A round's summary before any bet (a new round starts with it). */
export function emptySummary(round: CrashRoundState): CrashBetsSummary {
  return {
    roundId: round.roundId,
    bets: 0,
    cashedOut: 0,
    totalStake: 0,
    totalPayout: 0,
    top: [],
    at: round.serverTime,
  };
}

/** Whether summary `incoming` is of the round shown and not older than the one shown. */
function takesSummary(current: CrashState, incoming: CrashBetsCounts): boolean {
  if (incoming.roundId !== current.round.roundId) return false;
  if (current.summary.roundId !== incoming.roundId) return true;
  const [have, got] = [Date.parse(current.summary.at), Date.parse(incoming.at)];
  return !Number.isFinite(have) || !Number.isFinite(got) || got >= have;
}

/**
 * The room's summary of the round's bets (`crash:bets`, or on a tick): the newest one of the
 * round shown. A tick's counts alone keep the biggest bets shown (they come when they change).
 */
export function applySummary(
  current: CrashState,
  incoming: CrashBetsSummary | CrashBetsCounts,
): CrashState {
  if (!takesSummary(current, incoming)) return current;
  if ('top' in incoming) return { ...current, summary: incoming };
  const top = current.summary.roundId === incoming.roundId ? current.summary.top : [];
  return { ...current, summary: { ...incoming, top } };
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
    } else if (index >= 0) next[index] = bet;
    else next.push(bet);
  }
  return next;
}

/**
 * My own bets' changes: from my own room (`crash:mine`) or from my requests' answers. They are
 * kept apart from the room's summary, exactly, whatever the summary leaves out.
 */
export function applyMine(current: CrashState, events: readonly CrashBetEvent[]): CrashState {
  const mine = events.map(({ bet, cancelled }) => ({ bet: { ...bet, mine: true }, cancelled }));
  return { ...current, mine: applyBetEvents(current.mine, current.round.roundId, mine) };
}

/**
 * A whole state (the join's acknowledgement, GET /api/crash/state), taken unless it is older
 * than the one shown; of the same round, a newer summary already shown stays.
 */
export function applyState(current: CrashState | null, incoming: CrashState): CrashState {
  if (current && !isNewer(current.round, incoming.round)) return current;
  if (!current || current.round.roundId !== incoming.round.roundId) return incoming;
  return takesSummary(current, incoming.summary)
    ? incoming
    : { ...incoming, summary: current.summary };
}

const lostAtCrash = (bet: CrashBetView): CrashBetView =>
  bet.status === 'active' ? { ...bet, status: 'lost' } : bet;

/**
 * A phase change (`crash:round`). A new round starts with no bets (its summaries and my bets
 * come as pushes); a crash adds its point to the history and marks the bets still flying as
 * lost.
 */
export function applyRound(current: CrashState, round: CrashRoundState): CrashState {
  if (!isNewer(current.round, round)) return current;
  const newRound = round.roundId !== current.round.roundId;
  let { summary, mine, history } = current;
  if (newRound) {
    summary = emptySummary(round);
    mine = [];
  }
  if (round.phase === 'crashed' && round.crashPoint !== null) {
    const point = { roundId: round.roundId, crashPoint: round.crashPoint };
    history = [point, ...history.filter((item) => item.roundId !== round.roundId)].slice(
      0,
      HISTORY_LENGTH,
    );
    mine = mine.map(lostAtCrash);
    summary = { ...summary, top: summary.top.map(lostAtCrash) };
  }
  return { ...current, round, summary, mine, history };
}

/** A tick proves the flight started: a missed `flying` push is made good from it. */
export function applyTickPhase(current: CrashState, roundId: string): CrashState {
  if (current.round.roundId !== roundId || current.round.phase !== 'betting') return current;
  return { ...current, round: { ...current.round, phase: 'flying' } };
}

/** One of my bets from an answer (placed, cancelled, cashed out), marked as mine. */
export function applyMyBet(current: CrashState, bet: CrashBetView, cancelled = false): CrashState {
  return applyMine(current, [{ bet, cancelled }]);
}

/** My bet on a panel in the round shown, if any. */
export function myPanelBet(state: CrashState, panel: number): CrashBetView | null {
  return (
    state.mine.find(
      (bet) =>
        bet.panel === panel && bet.roundId === state.round.roundId && bet.status !== 'refunded',
    ) ?? null
  );
}
