import { z } from 'zod';

/*
 * One sportsbook bet as the player sees it (docs/sportsbook.md), in a file of its own: the
 * dashboard and the data export carry it, and this keeps Betby's protocol schemas out of the
 * bundles that only need this shape.
 */

/**
 * open: staked, waiting for its result; won, lost; refunded: its stake back (a void);
 * cashed_out: paid before the end; discarded: Betby dropped it before it was accepted, the
 * stake came back.
 */
export const SPORTSBOOK_BET_STATUSES = [
  'open',
  'won',
  'lost',
  'refunded',
  'cashed_out',
  'discarded',
] as const;
export type SportsbookBetStatus = (typeof SPORTSBOOK_BET_STATUSES)[number];

export const sportsbookLegSchema = z.object({
  eventName: z.string(),
  marketName: z.string(),
  outcomeName: z.string(),
  odds: z.string(),
  live: z.boolean(),
});

/** One sportsbook bet of the player's, as GET /api/sportsbook/bets lists it. Points. */
export const sportsbookBetSchema = z.object({
  id: z.number().int(),
  betId: z.string(),
  status: z.enum(SPORTSBOOK_BET_STATUSES),
  slipType: z.string(),
  totalOdds: z.string(),
  stakePoints: z.number(),
  potentialWinPoints: z.number(),
  /** What it paid back: winnings, a refund or a cash-out; null while open. */
  payoutPoints: z.number().nullable(),
  playMoney: z.boolean(),
  legs: z.array(sportsbookLegSchema),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type SportsbookBet = z.infer<typeof sportsbookBetSchema>;
