import type { SQL } from 'drizzle-orm';
import type { MarketResultBody, MarketStatus, MarketType } from '@spm/contract';
import type { OrderBook, Paise } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';

/*
 * The shapes the exchange keeps in memory and the inputs of catalogue changes, shared by the
 * engine, the catalogue, the market kinds and the staff routes.
 */
export interface RunnerState {
  id: string;
  name: string;
  sort: number;
  backRate: number | null;
  layRate: number | null;
  book: OrderBook;
  lastTradedPriceHundredths: number | null;
}

export interface MarketState {
  id: string;
  eventId: string;
  type: MarketType;
  name: string;
  status: MarketStatus;
  inPlay: boolean;
  runners: RunnerState[];
  line: number | null;
  yesRate: number | null;
  noRate: number | null;
  /**
   * Fancy: suspended by the feed while the ball is bowled, not by the operator. Held in memory
   * only (it lasts seconds): a restarted node or a cluster copy reads the market back as plain
   * suspended, which refuses bets just the same (docs/session-board.md).
   */
  ballRunning: boolean;
  minStakePaise: Paise;
  maxStakePaise: Paise;
  maxProfitPaise: Paise;
  inPlayDelayMs: number;
  commissionBps: number;
  version: number;
  settledVersion: number;
  tradedVolumePaise: Paise;
  result: MarketResultBody | null;
  /**
   * How many times this process saw the market stop taking bets (suspended, closed, settled,
   * taken over or given up). A bet notes it when first checked and is refused if it moved
   * before the bet is matched: a market suspended and reopened during the in-play delay still
   * rejects the bet (DESIGN 5), though it is open again when the delay ends.
   */
  suspensions: number;
}

export interface EventState {
  id: string;
  sportId: 1 | 2 | 4;
  competitionId: string;
  competitionName: string;
  name: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  status: 'upcoming' | 'in_play' | 'closed';
  liveTvUrl: string | null;
  /** Run by the built-in simulator; staff-created events are false and left alone by it. */
  simulated: boolean;
  marketIds: string[];
}

export interface NewMarketInput {
  type: MarketType;
  name: string;
  runners?: { name: string; backRate?: number | null; layRate?: number | null }[];
  line?: number | null;
  yesRate?: number | null;
  noRate?: number | null;
  minStakePaise?: Paise;
  maxStakePaise?: Paise;
  maxProfitPaise?: Paise;
  inPlayDelayMs?: number;
  commissionBps?: number;
  status?: MarketStatus;
}

export interface NewEventInput {
  sportId: 1 | 2 | 4;
  competitionId: string;
  name: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  status?: 'upcoming' | 'in_play';
  liveTvUrl?: string | null;
  /** The simulator marks its own events; staff events are never driven by it. */
  simulated?: boolean;
  markets: NewMarketInput[];
}

/**
 * Work to run inside the database transaction of a catalogue or market change (the staff
 * routes' audit row), given the state as it was before the change. Throwing rolls it back.
 */
export type WithinChange<T> = (tx: DbHandle, before: T) => Promise<void>;

export interface MarketWriteOptions {
  within?: WithinChange<MarketState>;
  /**
   * Staff edits: a settled or voided market is refused (MARKET_ALREADY_SETTLED) instead of
   * skipped, and an unknown runner (RUNNER_NOT_FOUND) instead of ignored.
   */
  strict?: boolean;
}

/**
 * A rates change's options. It is one statement, so its record goes inside it rather than in a
 * transaction around it.
 */
export interface RatesWriteOptions extends Pick<MarketWriteOptions, 'strict'> {
  /**
   * One data-modifying statement (built from the market before the change) run inside the
   * rates' own statement: both are written or neither, with no transaction and one wait (the
   * staff audit row: `staffAuditStatement`).
   */
  alongside?: (before: MarketState) => SQL;
  /**
   * Refuses (RATES_OFFER_SURE_WIN, nothing written) rates that, with the runners' rates left
   * as they are, would let a player back or lay every runner and win whatever the result.
   */
  refuseSureWin?: boolean;
}

/** What an operator may change on a market: status, in-play flag, fancy line, rates, limits. */
export type MarketChange = Partial<
  Pick<
    MarketState,
    | 'status'
    | 'inPlay'
    | 'line'
    | 'yesRate'
    | 'noRate'
    | 'ballRunning'
    | 'minStakePaise'
    | 'maxStakePaise'
    | 'maxProfitPaise'
    | 'inPlayDelayMs'
  >
>;

export type EventChange = Partial<
  Pick<EventState, 'homeTeam' | 'awayTeam' | 'startTime' | 'status' | 'liveTvUrl'>
>;

export interface SettleActor {
  staffId: number | null;
  ip: string | null;
}
