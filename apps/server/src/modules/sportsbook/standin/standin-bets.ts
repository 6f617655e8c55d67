import {
  BETBY_ERRORS,
  betbyMakeSchema,
  betbyMoneyAnswerSchema,
  MAX_WIN_POINTS,
  SPORT_IDS,
  type BetbyCurrency,
  type BetbyErrorAnswer,
  type BetbyMake,
  type Market,
  type SportsEvent,
} from '@spm/contract';
import { jwtVerify, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../../../deps.ts';
import { tokenFromAuthorization } from '../../../http/auth.ts';
import { STAND_IN_BRAND_ID } from '../sportsbook-keys.ts';
import {
  isSuspended,
  matchWinnerMarket,
  runnerOddsHundredths,
  type StandInCatalogue,
} from './standin-catalogue.ts';
import {
  CENTS_PER_POINT,
  hundredthsOfNumber,
  MAX_TOTAL_ODDS,
  oddsAbove,
  oddsText,
  payoutCents,
  productOfOdds,
  totalOddsText,
} from './standin-odds.ts';
import { callOperator, OperatorUnanswered, type OperatorCaller } from './standin-operator.ts';
import { insertPendingBet, markCommitted, moveBet } from './standin-repository.ts';
import {
  standInTokenClaimsSchema,
  type StandInBetAccepted,
  type StandInBetBody,
  type StandInRefusal,
  type StandInRefusalCode,
} from './standin-schemas.ts';
import type { StandInLegRow } from './standin-tables.ts';

/*
 * Placing a bet at the stand-in (docs/sportsbook.md), as Betby does it: the player's token
 * checked, the slip priced against the current prices, then `bet_make` to the operator (who
 * holds the stake) and `bet_commit` once it answered. The stand-in writes its own record
 * first (pending), so a make that got no answer is always followed by a discard, now or by
 * the sweeper, and a stake the operator took is given back.
 */

/** What the stand-in works with: the database and clock, the catalogue, the operator and key. */
export interface StandInContext {
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'log'>;
  catalogue: StandInCatalogue;
  caller: OperatorCaller;
  /** The public half of the operator's key, which signs the players' tokens (ES256). */
  operatorPublicKey: () => Promise<CryptoKey>;
}

export interface StandInRefused {
  status: 400 | 401 | 403 | 409 | 422 | 503;
  body: StandInRefusal;
}
export type StandInAnswer = { status: 200; body: StandInBetAccepted } | StandInRefused;

const STATUS_OF: Record<StandInRefusalCode, StandInRefused['status']> = {
  UNAUTHORIZED: 401,
  INVALID: 400,
  SAME_EVENT: 400,
  MAX_WIN: 400,
  NOT_OFFERED: 409,
  SUSPENDED: 409,
  ODDS_CHANGED: 409,
  NOT_ENOUGH_MONEY: 422,
  LIMIT_REACHED: 422,
  BLOCKED: 403,
  REFUSED: 422,
  UNAVAILABLE: 503,
};

export function refusal(
  code: StandInRefusalCode,
  message: string,
  prices?: StandInRefusal['prices'],
): StandInRefused {
  return {
    status: STATUS_OF[code],
    body: prices === undefined ? { code, message } : { code, message, prices },
  };
}

/** The operator's refusal of a make as the player hears it. */
function operatorRefusal(answer: BetbyErrorAnswer): StandInRefused {
  switch (answer.code) {
    case BETBY_ERRORS.NOT_ENOUGH_MONEY:
      return refusal('NOT_ENOUGH_MONEY', 'Not enough balance for this stake.');
    case BETBY_ERRORS.LIMITS_EXCEEDED:
      return refusal('LIMIT_REACHED', 'A limit of yours stops this bet.');
    case BETBY_ERRORS.PLAYER_BLOCKED:
    case BETBY_ERRORS.PLAYER_NOT_FOUND:
      return refusal('BLOCKED', 'This account cannot bet now.');
    default:
      return refusal('REFUSED', `The bet was refused: ${answer.message}`);
  }
}

/** The player the Bearer token names, or undefined when it is missing, forged or expired. */
async function tokenPlayer(
  context: StandInContext,
  authorization: string | undefined,
): Promise<{ playerId: string; currency: BetbyCurrency } | undefined> {
  const token = tokenFromAuthorization(authorization);
  if (token === null) return undefined;
  try {
    const { payload } = await jwtVerify(token, await context.operatorPublicKey(), {
      algorithms: ['ES256'],
      audience: STAND_IN_BRAND_ID,
      currentDate: context.deps.clock.now(),
      requiredClaims: ['sub', 'exp'],
    });
    const claims = standInTokenClaimsSchema.safeParse(payload);
    return claims.success
      ? { playerId: claims.data.sub, currency: claims.data.currency }
      : undefined;
  } catch {
    return undefined;
  }
}

interface QuotedLeg {
  event: SportsEvent;
  market: Market;
  runnerId: string;
  runnerName: string;
  oddsHundredths: number;
}

type Quote =
  | { kind: 'ok'; leg: QuotedLeg }
  | { kind: 'not_offered' }
  | { kind: 'suspended'; currentHundredths: number }
  | { kind: 'moved'; currentHundredths: number };

/** One selection against the stand-in's prices now. */
function quote(
  catalogue: StandInCatalogue,
  selection: StandInBetBody['selections'][number],
): Quote {
  const market = catalogue.market(selection.marketId);
  const event = market && catalogue.event(market.eventId);
  // Only the market the events list offers for the event takes bets here.
  if (!market || !event || matchWinnerMarket(event)?.id !== market.id) {
    return { kind: 'not_offered' };
  }
  const runner = market.runners.find((candidate) => candidate.id === selection.runnerId);
  const currentHundredths = runnerOddsHundredths(market, selection.runnerId);
  if (!runner || currentHundredths === undefined) return { kind: 'not_offered' };
  if (isSuspended(event, market)) return { kind: 'suspended', currentHundredths };
  // A price that rose since the player saw it is taken at the new one (better for them, as
  // Betby's "accept higher odds"); one that fell is refused with the new prices.
  const seenHundredths = hundredthsOfNumber(selection.odds);
  if (seenHundredths === undefined || currentHundredths < seenHundredths) {
    return { kind: 'moved', currentHundredths };
  }
  return {
    kind: 'ok',
    leg: {
      event,
      market,
      runnerId: runner.id,
      runnerName: runner.name,
      oddsHundredths: currentHundredths,
    },
  };
}

/** The current prices of the selections sent, for a refusal the renderer updates its slip from. */
function pricesNow(body: StandInBetBody, quotes: Quote[]): StandInRefusal['prices'] {
  return body.selections.map((selection, index) => {
    const current = quotes[index]!;
    return {
      marketId: selection.marketId,
      runnerId: selection.runnerId,
      odds:
        current.kind === 'ok'
          ? current.leg.oddsHundredths / 100
          : current.kind === 'not_offered'
            ? null
            : current.currentHundredths / 100,
    };
  });
}

const SPORT_NAMES: Record<number, string> = {
  [SPORT_IDS.cricket]: 'Cricket',
  [SPORT_IDS.soccer]: 'Soccer',
  [SPORT_IDS.tennis]: 'Tennis',
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Betby's bet_make for the slip: ids fresh, amounts in cents, names in English. */
function makePayload(input: {
  betTransactionId: string;
  betslipId: string;
  playerId: string;
  currency: BetbyCurrency;
  stakeCents: bigint;
  legs: QuotedLeg[];
  now: Date;
}): { make: BetbyMake; totalOdds: string; potentialWinCents: bigint } {
  const odds = productOfOdds(input.legs.map((leg) => leg.oddsHundredths));
  const totalOdds = totalOddsText(odds);
  const potentialWinCents = payoutCents(input.stakeCents, odds);
  const amount = Number(input.stakeCents);
  const timestamp = seconds(input.now);
  const make: BetbyMake = {
    amount,
    currency: input.currency,
    ext_player_id: input.playerId,
    transaction: {
      id: input.betTransactionId,
      betslip_id: input.betslipId,
      ext_player_id: input.playerId,
      operator_brand_id: STAND_IN_BRAND_ID,
      timestamp,
      amount,
      currency: input.currency,
      operation: 'bet',
    },
    betslip: {
      id: input.betslipId,
      timestamp,
      ext_player_id: input.playerId,
      currency: input.currency,
      type: `${input.legs.length}/${input.legs.length}`,
      sum: amount,
      k: totalOdds,
      bets: input.legs.map((leg) => ({
        id: `${leg.market.id}:${leg.runnerId}`,
        event_id: leg.event.id,
        sport_id: String(leg.event.sportId),
        tournament_id: leg.event.competitionId,
        sport_name: SPORT_NAMES[leg.event.sportId] ?? 'Sport',
        tournament_name: leg.event.competitionName,
        competitor_name: [leg.event.homeTeam, leg.event.awayTeam],
        market_name: leg.market.name,
        outcome_name: leg.runnerName,
        odds: oddsText(leg.oddsHundredths),
        live: leg.event.status === 'in_play',
        scheduled: seconds(new Date(leg.event.startTime)),
      })),
    },
    potential_win: Number(potentialWinCents),
  };
  // What Betby sends always fits Betby's schema; a slip that would not is a bug here.
  return { make: betbyMakeSchema.parse(make), totalOdds, potentialWinCents };
}

const legRow = (leg: QuotedLeg): StandInLegRow => ({
  eventId: leg.event.id,
  marketId: leg.market.id,
  runnerId: leg.runnerId,
  odds: oddsText(leg.oddsHundredths),
  eventName: leg.event.name,
  marketName: leg.market.name,
  runnerName: leg.runnerName,
});

/** POST /bets: the whole placement, answered in the stand-in's own shapes. */
export async function placeStandInBet(
  context: StandInContext,
  authorization: string | undefined,
  body: StandInBetBody,
): Promise<StandInAnswer> {
  const player = await tokenPlayer(context, authorization);
  if (!player) return refusal('UNAUTHORIZED', 'Sign in again: the token is missing or expired.');

  const quotes = body.selections.map((selection) => quote(context.catalogue, selection));
  const legs = quotes.flatMap((entry) => (entry.kind === 'ok' ? [entry.leg] : []));
  if (quotes.some((entry) => entry.kind === 'not_offered')) {
    return refusal('NOT_OFFERED', 'A selection is no longer offered.', pricesNow(body, quotes));
  }
  if (quotes.some((entry) => entry.kind === 'suspended')) {
    return refusal('SUSPENDED', 'A market of the slip is suspended.');
  }
  if (quotes.some((entry) => entry.kind === 'moved')) {
    return refusal('ODDS_CHANGED', 'The odds changed', pricesNow(body, quotes));
  }
  // One leg per event: two outcomes of one match are not independent, so their product is
  // not a fair price.
  if (new Set(legs.map((leg) => leg.event.id)).size !== legs.length) {
    return refusal('SAME_EVENT', 'One selection per event.');
  }
  if (oddsAbove(productOfOdds(legs.map((leg) => leg.oddsHundredths)), MAX_TOTAL_ODDS)) {
    return refusal('INVALID', `The total odds may not pass ${MAX_TOTAL_ODDS}.`);
  }

  const { db, clock } = context.deps;
  const now = clock.now();
  const stakeCents = BigInt(body.stakePoints) * CENTS_PER_POINT;
  const betTransactionId = randomUUID();
  const betslipId = randomUUID();
  const { make, totalOdds, potentialWinCents } = makePayload({
    betTransactionId,
    betslipId,
    playerId: player.playerId,
    currency: player.currency,
    stakeCents,
    legs,
    now,
  });
  // The game rules' maximum win per bet, as Betby's limits are set within them: the operator
  // would refuse the slip anyway (4001); this says why, before anything is written.
  if (potentialWinCents > BigInt(MAX_WIN_POINTS) * CENTS_PER_POINT) {
    return refusal('MAX_WIN', `The potential win may not pass ${MAX_WIN_POINTS} points.`);
  }
  await insertPendingBet(db, {
    betTransactionId,
    betslipId,
    playerId: Number(player.playerId),
    currency: player.currency,
    stakeCents,
    totalOdds,
    potentialWinCents,
    selections: legs.map(legRow),
    createdAt: now,
  });

  const accepted = await makeAtOperator(context, make);
  if (accepted.status !== 200) return accepted;
  await commitAtOperator(context, betTransactionId);
  return {
    status: 200,
    body: {
      betId: betTransactionId,
      totalOdds,
      stakePoints: body.stakePoints,
      potentialWinPoints: Number(potentialWinCents) / 100,
      balancePoints: accepted.balanceCents / 100,
    },
  };
}

const UNAVAILABLE_MESSAGE = 'The sportsbook could not place the bet; no stake was taken.';

/** bet_make, and what the stand-in's record becomes after it. */
async function makeAtOperator(
  context: StandInContext,
  make: BetbyMake,
): Promise<{ status: 200; balanceCents: number } | StandInRefused> {
  const { db, log } = context.deps;
  const betTransactionId = make.transaction.id;
  const playerId = Number(make.ext_player_id);
  let answer;
  try {
    answer = await callOperator(context.caller, 'bet_make', make);
  } catch (error) {
    log.warn({ err: error, betTransactionId }, 'stand-in bet_make got no answer; discarding');
    await discardPendingBet(context, { betTransactionId, playerId }, 'bet_make unanswered');
    return refusal('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  if (answer.status === 400) {
    await moveBet(db, betTransactionId, 'pending', 'refused', {
      refusal: `${answer.body.code} ${answer.body.message}`,
    });
    return operatorRefusal(answer.body);
  }
  const money = betbyMoneyAnswerSchema.safeParse(answer.body);
  // A 200 the stand-in cannot read may still have taken the stake: discard it.
  if (!money.success) {
    log.error({ betTransactionId }, 'stand-in bet_make answered an unreadable body; discarding');
    await discardPendingBet(context, { betTransactionId, playerId }, 'bet_make answer unreadable');
    return refusal('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  // Not pending any more: a sweep took it for abandoned and discarded it meanwhile.
  if (!(await moveBet(db, betTransactionId, 'pending', 'open'))) {
    return refusal('UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  return { status: 200, balanceCents: money.data.balance };
}

/** bet_commit: the bet stands. Not answered, it is sent again by the sweeper. */
export async function commitAtOperator(
  context: StandInContext,
  betTransactionId: string,
): Promise<void> {
  try {
    const answer = await callOperator(context.caller, 'bet_commit', {
      bet_transaction_id: betTransactionId,
    });
    if (answer.status === 200) {
      await markCommitted(context.deps.db, betTransactionId, context.deps.clock.now());
    } else {
      context.deps.log.warn(
        { betTransactionId, answer: answer.body },
        'stand-in bet_commit refused',
      );
    }
  } catch (error) {
    context.deps.log.warn({ err: error, betTransactionId }, 'stand-in bet_commit got no answer');
  }
}

/**
 * bet_discard for a bet whose make got no answer: the operator gives back a stake it took (or
 * refuses the make should it still arrive). True once the operator answered and the record is
 * discarded; false leaves it pending for the next sweep.
 */
export async function discardPendingBet(
  context: StandInContext,
  bet: { betTransactionId: string; playerId: number },
  reason: string,
): Promise<boolean> {
  const { db, clock, log } = context.deps;
  try {
    const answer = await callOperator(context.caller, 'bet_discard', {
      ext_player_id: String(bet.playerId),
      transaction_id: bet.betTransactionId,
      reason,
    });
    if (answer.status !== 200) {
      log.warn(
        { betTransactionId: bet.betTransactionId, answer: answer.body },
        'stand-in discard refused',
      );
      return false;
    }
    return moveBet(db, bet.betTransactionId, 'pending', 'discarded', { settledAt: clock.now() });
  } catch (error) {
    if (!(error instanceof OperatorUnanswered)) throw error;
    log.warn(
      { err: error, betTransactionId: bet.betTransactionId },
      'stand-in discard got no answer',
    );
    return false;
  }
}
