import { objectWith, paiseToPoints, pointsToPaise } from '@spm/core';
import type { SpmBet, SpmTable, spmPlaceBetSchema } from '@spm/contract';
import type { z } from 'zod';
import type { SpmDeps, GameSession, OperatorWallet } from './operator-wallet.ts';
import { AppError, fieldError } from '../../../http/app-error.ts';
import { OperatorUnanswered } from './operator-wallet.ts';
import { publicRound } from './round-view.ts';
import { refusalError, unansweredError } from './spm-sessions.ts';
import type { SpmTableRunner } from './spm-table.ts';
import {
  betByKey,
  insertPendingBet,
  moveBetStatus,
  playerBetsOfRound,
  type SpmBetRow,
} from './spm-repository.ts';

export type SpmPlaceBet = z.infer<typeof spmPlaceBetSchema>;

const SHOWN_STATUSES = new Set<SpmBetRow['status']>(['accepted', 'won', 'lost', 'refunded']);

/** A bet as the player sees it; pending and refused bets are not shown (they never stood). */
export function betView(row: SpmBetRow): SpmBet | undefined {
  if (!SHOWN_STATUSES.has(row.status)) return undefined;
  return {
    id: String(row.id),
    roundId: row.roundId,
    spot: row.spot,
    stake: paiseToPoints(row.stakePaise),
    payout: row.payoutPaise === null ? null : paiseToPoints(row.payoutPaise),
    status: row.status as SpmBet['status'],
    placedAt: row.createdAt.toISOString(),
  };
}

export interface PlaceBetBody {
  roundId: string;
  spot: string;
  stake: number;
  idempotencyKey: string;
}

/** What the bets and the table read need. */
export interface SpmBetsContext {
  deps: SpmDeps;
  wallet: OperatorWallet;
  /** Called when a bet must be rolled back by the money path (an odd replay). */
  owed: () => void;
  /** Placements under way by `${playerId}:${idempotencyKey}`. */
  inFlight: Map<string, Promise<SpmPlaceBet>>;
}

async function operatorAnswer<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OperatorUnanswered) throw unansweredError(error);
    throw error;
  }
}

/** The player's balance at the operator, in points. */
async function balancePoints(ctx: SpmBetsContext, session: GameSession): Promise<number> {
  const answer = await operatorAnswer(() => ctx.wallet.balance(session));
  if (answer.status !== 'RS_OK' || answer.balance === null) throw refusalError(answer);
  return paiseToPoints(BigInt(answer.balance));
}

/** GET /api/casino/spm/tables/{tableId}: the table now, the player's bets and balance. */
export async function tableView(
  ctx: SpmBetsContext,
  table: SpmTableRunner,
  session: GameSession,
): Promise<SpmTable> {
  const round = await table.ready();
  const [balance, bets] = await Promise.all([
    balancePoints(ctx, session),
    playerBetsOfRound(ctx.deps.db, round.id, session.playerId),
  ]);
  const { game } = table;
  return {
    tableId: game.id,
    gameId: game.id,
    kind: game.kind,
    name: game.name,
    minBet: paiseToPoints(game.minBetPaise),
    maxBet: paiseToPoints(game.maxBetPaise),
    bettingSeconds: table.bettingSeconds,
    spots: table.rules.spots.map(({ id, payout, paytable }) =>
      paytable ? { id, payout, paytable: [...paytable] } : { id, payout },
    ),
    round: publicRound(round),
    lastResults: [...table.lastResults],
    myBets: bets.flatMap((bet) => betView(bet) ?? []),
    balance,
    playMoney: session.playMoney,
  };
}

/**
 * POST /api/casino/spm/tables/{tableId}/bets: checks the bet, stores it pending, sends the
 * operator's `bet` callback and stores what it answered. The same idempotency key again
 * answers the first result.
 */
export async function placeBet(
  ctx: SpmBetsContext,
  table: SpmTableRunner,
  session: GameSession,
  body: PlaceBetBody,
): Promise<SpmPlaceBet> {
  const { game } = table;
  if (!table.rules.spots.some((spot) => spot.id === body.spot)) {
    throw fieldError('spot', 'There is no such bet spot at this table.');
  }
  const parsed = pointsToPaise(body.stake);
  if (!parsed.ok) throw fieldError('stake', 'A stake has at most 2 decimals.');
  const stakePaise = parsed.paise;
  if (stakePaise < game.minBetPaise || stakePaise > game.maxBetPaise) {
    throw new AppError('BET_OUTSIDE_LIMITS');
  }
  // The same key twice at once: the second waits for the first and answers its result.
  const flightKey = `${session.playerId}:${body.idempotencyKey}`;
  const running = ctx.inFlight.get(flightKey);
  if (running) {
    await running.catch(() => undefined);
    const first = await betByKey(ctx.deps.db, session.playerId, body.idempotencyKey);
    if (!first) throw new AppError('CONFLICT');
    return replay(ctx, session, first, objectWith(body, { stakePaise }));
  }
  const placing = (async () => {
    const earlier = await betByKey(ctx.deps.db, session.playerId, body.idempotencyKey);
    if (earlier) return replay(ctx, session, earlier, objectWith(body, { stakePaise }));
    return table.admitBet(body.roundId, async (round) => {
      const bet = await insertPendingBet(ctx.deps.db, {
        roundId: round.id,
        playerId: session.playerId,
        sessionId: session.sessionId,
        sessionToken: session.token,
        spot: body.spot,
        stakePaise,
        idempotencyKey: body.idempotencyKey,
        createdAt: ctx.deps.clock.now(),
      });
      if (!bet) {
        // Another process stored the key first.
        const first = await betByKey(ctx.deps.db, session.playerId, body.idempotencyKey);
        if (!first) throw new AppError('CONFLICT');
        return replay(ctx, session, first, objectWith(body, { stakePaise }));
      }
      return sendBet(ctx, session, bet);
    });
  })();
  ctx.inFlight.set(flightKey, placing);
  const forget = () => ctx.inFlight.delete(flightKey);
  placing.then(forget, forget);
  return placing;
}

/** The `bet` callback for a stored pending bet, and its answer written down. */
async function sendBet(
  ctx: SpmBetsContext,
  session: GameSession,
  bet: SpmBetRow,
): Promise<SpmPlaceBet> {
  // No answer: the bet stays pending and is rolled back before the round is dealt.
  const answer = await operatorAnswer(() =>
    ctx.wallet.bet(session, {
      transactionId: bet.betTransactionId,
      roundId: bet.roundId,
      amountPaise: bet.stakePaise,
    }),
  );
  if (answer.status !== 'RS_OK') {
    await moveBetStatus(ctx.deps.db, bet.id, 'pending', 'refused');
    throw refusalError(answer);
  }
  await moveBetStatus(ctx.deps.db, bet.id, 'pending', 'accepted');
  const accepted: SpmBetRow = objectWith(bet, { status: 'accepted' as const });
  return {
    bet: betView(accepted) as SpmBet,
    balance: paiseToPoints(BigInt(answer.balance ?? 0)),
  };
}

/** A second request with a used idempotency key: the first one's result. */
async function replay(
  ctx: SpmBetsContext,
  session: GameSession,
  first: SpmBetRow,
  asked: PlaceBetBody & { stakePaise: bigint },
): Promise<SpmPlaceBet> {
  if (
    first.roundId !== asked.roundId ||
    first.spot !== asked.spot ||
    first.stakePaise !== asked.stakePaise
  ) {
    throw new AppError('IDEMPOTENCY_MISMATCH');
  }
  const shown = betView(first);
  if (shown) return { bet: shown, balance: await balancePoints(ctx, session) };
  if (first.status === 'pending') {
    // Still under way, or left without an answer (it will be rolled back): not decided yet.
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  // Refused: the operator keeps its first answer per transaction id, so asking again under
  // the same id answers that refusal again, with its reason.
  const answer = await operatorAnswer(() =>
    ctx.wallet.bet(session, {
      transactionId: first.betTransactionId,
      roundId: first.roundId,
      amountPaise: first.stakePaise,
    }),
  );
  if (answer.status === 'RS_OK') {
    // The operator holds a stake SPM Games had written off: hand it to the rollback path.
    await moveBetStatus(ctx.deps.db, first.id, 'refused', 'pending');
    ctx.owed();
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  throw refusalError(answer);
}
