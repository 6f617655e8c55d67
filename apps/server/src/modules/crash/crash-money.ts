import { settleCrashBet, type CrashBetSettlement } from '@spm/core';
import type { ResourceFence } from '../../cluster/resource-lease.ts';
import type { Settled } from '../../db/group-commit.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  walletRefusalError,
  walletTransaction,
  type BatchMoveInput,
  type WalletContext,
  type PlannedResult,
} from '../wallet/index.ts';
import {
  activeBetsOfRound,
  markRoundCrashed,
  settleCrashBets,
  standingBetsOfRound,
  type BetSettlement,
  type CrashBetRow,
  type CrashIncidentValue,
  type CrashRoundRow,
  writeBatchBets,
} from './crash-repository.ts';

/*
 * The crash game's money (docs/crash-game.md "Money"): every stake, cash-out and refund is a
 * wallet operation of product 'crash' in the round's wallet round, keyed by the bet:
 * `crash:bet:{id}` (the stake, debited), `crash:win:{id}` (its cash-out, at most one per
 * bet: the key makes a second one a replay) and `crash:refund:{id}` (a withdrawal or a
 * recovery's refund, a rollback of the stake). Requests arriving together are applied in one
 * transaction (group commit): the players' cash is locked and read once, each bet judged by
 * the limit policies in memory, and the moves written with one `applyMany`.
 */

export const CRASH_PRODUCT = 'crash' as const;

export const stakeIdOf = (betId: string) => `crash:bet:${betId}`;
export const winIdOf = (betId: string) => `crash:win:${betId}`;
export const refundIdOf = (betId: string) => `crash:refund:${betId}`;
/** The wallet round of a crash round: the round's id. */
export const walletRoundOf = (roundId: number) => String(roundId);

/** A request of the money queue, checked by the game against the round in memory. */
export type MoneyRequest =
  | { kind: 'bet'; bet: CrashBetRow }
  | {
      kind: 'cashout';
      bet: CrashBetRow;
      settlement: Extract<CrashBetSettlement, { outcome: 'cashed-out' }>;
    }
  | { kind: 'withdraw'; bet: CrashBetRow };

/** What a request's transaction answered: the player's cash after it. */
export interface MoneyAnswer {
  balancePaise: bigint;
}

/** Thrown inside a batch to roll it back: each request then runs alone. */
class BatchNotHeld extends Error {}

const playerOf = (request: MoneyRequest) => request.bet.playerId;

function externalIdOf(request: MoneyRequest): string {
  if (request.kind === 'bet') return stakeIdOf(request.bet.id);
  if (request.kind === 'cashout') return winIdOf(request.bet.id);
  return refundIdOf(request.bet.id);
}

const roundDescription = (roundId: number) => `Crash round ${roundId}`;

function moveOf(request: MoneyRequest): BatchMoveInput {
  const base = {
    product: CRASH_PRODUCT,
    externalId: externalIdOf(request),
    playerId: playerOf(request),
    roundId: walletRoundOf(request.bet.roundId),
    description: roundDescription(request.bet.roundId),
  };
  if (request.kind === 'bet') {
    return {
      operation: 'stake',
      input: Object.assign(base, { amountPaise: request.bet.stakePaise, mode: 'debit' as const }),
    };
  }
  if (request.kind === 'cashout') {
    return {
      operation: 'win',
      input: Object.assign(base, { amountPaise: request.settlement.payoutPaise }),
    };
  }
  return {
    operation: 'rollback',
    input: Object.assign(base, { targetExternalId: stakeIdOf(request.bet.id) }),
  };
}

/** The bet's row change a cash-out or a withdrawal makes. */
function settlementOf(request: MoneyRequest): BetSettlement | null {
  if (request.kind === 'cashout') {
    return {
      id: request.bet.id,
      status: 'cashed_out',
      cashOutHundredths: request.settlement.multiplierHundredths,
      cashOutKind: request.settlement.by,
      payoutPaise: request.settlement.payoutPaise,
    };
  }
  if (request.kind === 'withdraw') {
    return {
      id: request.bet.id,
      status: 'refunded',
      cashOutHundredths: null,
      cashOutKind: null,
      payoutPaise: null,
    };
  }
  return null;
}

export interface MoneyService {
  deps: ServiceDeps;
  /** The lease fence of the game (several nodes); undefined on a lone node. */
  fence: () => ResourceFence | undefined;
}

/** One transaction on the game's behalf, fenced by its lease when there are several nodes. */
export function gameTransaction<T>(
  service: MoneyService,
  work: (ctx: WalletContext) => Promise<T>,
): Promise<T | { ok: false; code: string }> {
  return walletTransaction(service.deps, work, { fence: service.fence() });
}

/**
 * Applies a batch of requests in one transaction; each request gets its answer, or the error
 * only it met (a limit, not enough money). Anything the plan did not foresee rolls the batch
 * back and each request runs alone.
 */
export async function applyMoneyBatch(
  service: MoneyService,
  requests: readonly MoneyRequest[],
): Promise<Settled<MoneyAnswer>[]> {
  try {
    const outcome = await gameTransaction(service, (ctx) => decideAndWrite(service, ctx, requests));
    if (Array.isArray(outcome)) return outcome;
    // The ledger refused a move the plan let through (money gone meanwhile).
    if (requests.length === 1) {
      return [{ ok: false, error: ledgerRefusal(outcome.code) }];
    }
  } catch (error) {
    if (requests.length === 1) return [{ ok: false, error }];
  }
  const alone: Settled<MoneyAnswer>[] = [];
  for (const request of requests) alone.push(...(await applyMoneyBatch(service, [request])));
  return alone;
}

function ledgerRefusal(code: string): Error {
  if (code === 'INSUFFICIENT_FUNDS') return new AppError('INSUFFICIENT_FUNDS');
  return new Error(`the ledger refused a crash move: ${code}`);
}

async function decideAndWrite(
  service: MoneyService,
  ctx: WalletContext,
  requests: readonly MoneyRequest[],
): Promise<Settled<MoneyAnswer>[]> {
  const ops = service.deps.wallet.within(ctx);
  const balances = await ops.prepareMoves({
    operations: requests.map((request) => ({
      product: CRASH_PRODUCT,
      externalId: externalIdOf(request),
    })),
    holds: [],
    playerIds: requests.map(playerOf),
    // Only a stake debits: the limits' totals are summed for the bettors alone.
    debitingPlayerIds: requests.filter((r) => r.kind === 'bet').map(playerOf),
    settlingRounds: requests
      .filter((r) => r.kind === 'cashout')
      .map((r) => ({
        product: CRASH_PRODUCT,
        playerId: r.bet.playerId,
        roundId: walletRoundOf(r.bet.roundId),
      })),
  });

  const { outcomes, moves } = planMoves(ops, balances, requests);
  let answers: Settled<MoneyAnswer>[] = [];
  // The bets' rows go right behind the moves' write, the batch's last statement with the
  // COMMIT behind it (two waits for the whole batch: the read, then both writes), once the
  // wallet's planned answers are what this plan expects.
  await ops.applyMany(moves, {
    finish: (planned) => {
      const judged = judgePlanned(requests, outcomes, planned);
      answers = judged.answers;
      // A bet settled meanwhile (another node, a recovery) makes it raise: the batch rolls
      // back, money and all, and each request runs alone.
      return (commitBehind) =>
        writeBatchBets(ctx.tx, judged.newBets, judged.settlements, ctx.now, { commitBehind });
    },
  });
  return answers;
}

/**
 * Each request's answer from the wallet's planned answers, and the bets' rows to write; throws
 * BatchNotHeld (nothing written yet) when the wallet planned what this plan did not foresee.
 */
function judgePlanned(
  requests: readonly MoneyRequest[],
  outcomes: readonly (Settled<MoneyAnswer> | { move: number })[],
  planned: readonly PlannedResult[],
): { answers: Settled<MoneyAnswer>[]; newBets: CrashBetRow[]; settlements: BetSettlement[] } {
  const answers: Settled<MoneyAnswer>[] = [];
  const newBets: CrashBetRow[] = [];
  const settlements: BetSettlement[] = [];
  requests.forEach((request, index) => {
    const outcome = outcomes[index]!;
    if (!('move' in outcome)) {
      answers.push(outcome);
      return;
    }
    const result = planned[outcome.move];
    if (result === undefined) throw new BatchNotHeld();
    if (!result.ok) {
      // A refusal the plan did not foresee: alone, it is that request's answer.
      if (requests.length > 1) throw new BatchNotHeld();
      answers.push({ ok: false, error: walletRefusalError(result, `crash ${request.kind}`) });
      return;
    }
    // A new bet's stake can never be a replay (its id is new): someone got there first.
    if (request.kind === 'bet' && result.replay) throw new BatchNotHeld();
    if (request.kind === 'bet') newBets.push(request.bet);
    const settlement = settlementOf(request);
    if (settlement) settlements.push(settlement);
    answers.push({ ok: true, value: { balancePaise: result.balancePaise } });
  });
  return { answers, newBets, settlements };
}

/**
 * The batch's plan, judged in memory before anything is written: a bet past a limit or the
 * player's cash is refused alone (its answer), the rest become the wallet's moves.
 */
function planMoves(
  ops: ReturnType<ServiceDeps['wallet']['within']>,
  balances: Map<number, bigint>,
  requests: readonly MoneyRequest[],
): { outcomes: (Settled<MoneyAnswer> | { move: number })[]; moves: BatchMoveInput[] } {
  const outcomes: (Settled<MoneyAnswer> | { move: number })[] = [];
  const moves: BatchMoveInput[] = [];
  for (const request of requests) {
    const playerId = playerOf(request);
    if (request.kind === 'bet') {
      const { bet } = request;
      const input = {
        product: CRASH_PRODUCT,
        playerId,
        roundId: walletRoundOf(bet.roundId),
        externalId: stakeIdOf(bet.id),
        stakePaise: bet.stakePaise,
        debitPaise: bet.stakePaise,
      };
      // The limit policies, judged in memory as applyMany will: a refused bet alone.
      const judged = ops.judgeDebit(input);
      if (judged) {
        outcomes.push({ ok: false, error: walletRefusalError(judged, 'crash bet') });
        continue;
      }
      // The guarded debit would roll the whole batch back: refused here, alone.
      const cash = balances.get(playerId) ?? 0n;
      if (cash < bet.stakePaise) {
        outcomes.push({ ok: false, error: new AppError('INSUFFICIENT_FUNDS') });
        continue;
      }
      balances.set(playerId, cash - bet.stakePaise);
    }
    moves.push(moveOf(request));
    outcomes.push({ move: moves.length - 1 });
  }

  return { outcomes, moves };
}

/** The most a bet may return: the round's maximum less what the player's other bets got. */
export function betMaxWinPaise(
  bet: Pick<CrashBetRow, 'stakePaise'>,
  maxReturnPaise: bigint,
  paidToPlayerPaise: bigint,
): bigint {
  const room = maxReturnPaise - paidToPlayerPaise;
  // Never below the stake: a cash-out returns at least what was staked (docs/crash-game.md
  // "Maximum return"), so two bets of one player may pass the maximum by the second's stake.
  return room > bet.stakePaise ? room : bet.stakePaise;
}

/**
 * Ends a round in one transaction: every bet still active is settled against the crash point
 * (an auto target or the maximum win at or below it pays exactly that, the rest lose), every
 * player's wallet round is closed (the winners' by their win, `close: true`), the bets and
 * the round's totals written. Answers the bets it settled. `incident` marks a recovery.
 */
export async function finishRound(
  service: MoneyService,
  round: CrashRoundRow,
  at: Date,
  incident: CrashIncidentValue | null,
): Promise<CrashBetRow[]> {
  const outcome = await gameTransaction(service, async (ctx) => {
    const ops = service.deps.wallet.within(ctx);
    const standing = await standingBetsOfRound(ctx.tx, round.id);
    const active = standing.filter((bet) => bet.status === 'active');
    const { settlements, wins, winners } = settleAtCrash(round, standing, active);
    if (wins.length > 0) {
      await ops.prepareMoves({
        operations: wins.map((move) => ({
          product: CRASH_PRODUCT,
          externalId: move.input.externalId,
        })),
        holds: [],
        playerIds: [...winners],
        debitingPlayerIds: [],
        settlingRounds: [...winners].map((playerId) => ({
          product: CRASH_PRODUCT,
          playerId,
          roundId: walletRoundOf(round.id),
        })),
      });
      const results = await ops.applyMany(wins);
      const failed = results.find((result) => !result.ok);
      if (failed && !failed.ok) throw new Error(`crash win refused: ${failed.code}`);
    }
    for (const playerId of new Set(standing.map((bet) => bet.playerId))) {
      if (!winners.has(playerId)) {
        await ops.closeRound({
          product: CRASH_PRODUCT,
          playerId,
          roundId: walletRoundOf(round.id),
        });
      }
    }
    await settleCrashBets(ctx.tx, settlements, at);
    await markRoundCrashed(ctx.tx, { roundId: round.id, at, incident });
    return activeBetsSettled(active, settlements);
  });
  if (!Array.isArray(outcome)) throw new Error(`crash round ${round.id}: ${outcome.code}`);
  return outcome;
}

type WinMove = Extract<BatchMoveInput, { operation: 'win' }>;

/**
 * The crash's plan for the bets still active: an auto target or the maximum win at or below
 * the crash point pays exactly that (within what the player's other bets left of the round's
 * maximum), the rest lose. Each winner's last win closes their wallet round.
 */
function settleAtCrash(
  round: CrashRoundRow,
  standing: readonly CrashBetRow[],
  active: readonly CrashBetRow[],
): { settlements: BetSettlement[]; wins: WinMove[]; winners: Set<number> } {
  const paid = new Map<number, bigint>();
  for (const bet of standing) {
    if (bet.status === 'cashed_out' && bet.payoutPaise !== null) {
      paid.set(bet.playerId, (paid.get(bet.playerId) ?? 0n) + bet.payoutPaise);
    }
  }
  const settlements: BetSettlement[] = [];
  const wins: WinMove[] = [];
  const winners = new Set<number>();
  for (const bet of active) {
    const settlement = settleCrashBet({
      stakePaise: bet.stakePaise,
      autoCashOutHundredths: bet.autoCashOutHundredths,
      manualCashOutHundredths: null,
      crashPointHundredths: round.crashPointHundredths,
      maxWinPaise: betMaxWinPaise(bet, round.maxReturnPaise, paid.get(bet.playerId) ?? 0n),
    });
    if (settlement.outcome === 'lost') {
      settlements.push({
        id: bet.id,
        status: 'lost',
        cashOutHundredths: null,
        cashOutKind: null,
        payoutPaise: 0n,
      });
      continue;
    }
    paid.set(bet.playerId, (paid.get(bet.playerId) ?? 0n) + settlement.payoutPaise);
    settlements.push({
      id: bet.id,
      status: 'cashed_out',
      cashOutHundredths: settlement.multiplierHundredths,
      cashOutKind: settlement.by,
      payoutPaise: settlement.payoutPaise,
    });
    winners.add(bet.playerId);
    wins.push(moveOf({ kind: 'cashout', bet, settlement }) as WinMove);
  }
  // The winners' rounds close with their last win; everyone else's by the caller.
  const lastWinOf = new Map<number, WinMove>();
  for (const move of wins) lastWinOf.set(move.input.playerId, move);
  for (const move of lastWinOf.values()) move.input.close = true;
  return { settlements, wins, winners };
}

function activeBetsSettled(
  active: readonly CrashBetRow[],
  settlements: readonly BetSettlement[],
): CrashBetRow[] {
  const byId = new Map(settlements.map((settlement) => [settlement.id, settlement]));
  return active.map((bet) => {
    const settlement = byId.get(bet.id)!;
    return Object.assign({}, bet, {
      status: settlement.status,
      cashOutHundredths: settlement.cashOutHundredths,
      cashOutKind: settlement.cashOutKind,
      payoutPaise: settlement.payoutPaise,
    });
  });
}

/**
 * A round that never flew (the node stopped in its betting window): every bet still active
 * is refunded (a rollback of its stake) and the round ends with its incident. Answers the
 * refunded bets.
 */
export async function refundRound(
  service: MoneyService,
  round: CrashRoundRow,
  at: Date,
): Promise<CrashBetRow[]> {
  const outcome = await gameTransaction(service, async (ctx) => {
    const ops = service.deps.wallet.within(ctx);
    const active = await activeBetsOfRound(ctx.tx, round.id);
    const refunds = active.map((bet) => moveOf({ kind: 'withdraw', bet }));
    const results = refunds.length > 0 ? await ops.applyMany(refunds) : [];
    const failed = results.find((result) => !result.ok);
    if (failed && !failed.ok) throw new Error(`crash refund refused: ${failed.code}`);
    // Nothing of the round stands for anyone: their wallet rounds close with it.
    for (const playerId of new Set(active.map((bet) => bet.playerId))) {
      await ops.closeRound({ product: CRASH_PRODUCT, playerId, roundId: walletRoundOf(round.id) });
    }
    const settlements = active.map((bet): BetSettlement => ({
      id: bet.id,
      status: 'refunded',
      cashOutHundredths: null,
      cashOutKind: null,
      payoutPaise: null,
    }));
    await settleCrashBets(ctx.tx, settlements, at);
    await markRoundCrashed(ctx.tx, { roundId: round.id, at, incident: 'refunded_before_flight' });
    return activeBetsSettled(active, settlements);
  });
  if (!Array.isArray(outcome)) throw new Error(`crash round ${round.id}: ${outcome.code}`);
  return outcome;
}
