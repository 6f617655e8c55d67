import { BETBY_CURRENCIES, LANGUAGES } from '@spm/contract';
import { z } from 'zod';
import { MAX_SELECTIONS, MAX_STAKE_POINTS, MIN_STAKE_POINTS } from './standin-odds.ts';

/*
 * The stand-in's own API, which its renderer script calls (docs/sportsbook.md). It plays
 * Betby, an outside provider, so it answers in its own shapes, not the platform's envelope:
 * a success is the object itself, a refusal `{ code, message }` with an HTTP error status.
 */

/** `?lang=`: one of the platform's languages, anything else English. */
export const standInLanguageQuerySchema = z.object({
  lang: z.enum(LANGUAGES).catch('en').default('en'),
});

export const standInEventsSchema = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      competitionName: z.string(),
      sportId: z.number().int(),
      inPlay: z.boolean(),
      startTime: z.string(),
      market: z.object({
        id: z.string(),
        name: z.string(),
        /** Shown, not taken: the exchange suspended or closed it. */
        suspended: z.boolean(),
        /** Only runners with a price; `odds` decimal, two decimals. */
        runners: z.array(z.object({ id: z.string(), name: z.string(), odds: z.number() })),
      }),
    }),
  ),
});
export type StandInEvents = z.infer<typeof standInEventsSchema>;

const exchangeId = z.string().regex(/^\d{1,18}$/, 'an exchange id');

/** POST /bets: the slip as the player sees it; each price must still be the stand-in's. */
export const standInBetBodySchema = z.object({
  selections: z
    .array(
      z.object({
        marketId: exchangeId,
        runnerId: exchangeId,
        odds: z.number().min(1.01).max(100_000),
      }),
    )
    .min(1)
    .max(MAX_SELECTIONS),
  stakePoints: z.number().int().min(MIN_STAKE_POINTS).max(MAX_STAKE_POINTS),
});
export type StandInBetBody = z.infer<typeof standInBetBodySchema>;

/**
 * What the player's token says (`launchSportsbook` signs it): the player id as `sub`, and the
 * currency their wallet bets in. The rest is Betby's and unused here.
 */
export const standInTokenClaimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  name: z.string().optional(),
  lang: z.string().optional(),
  currency: z.enum(BETBY_CURRENCIES),
  odds_format: z.string().optional(),
});

export const standInBetAcceptedSchema = z.object({
  betId: z.string(),
  totalOdds: z.string(),
  stakePoints: z.number(),
  potentialWinPoints: z.number(),
  /** The operator's answer: what the player can stake now. */
  balancePoints: z.number(),
});
export type StandInBetAccepted = z.infer<typeof standInBetAcceptedSchema>;

/**
 * Why a bet was not taken; the renderer shows its own text for each, in the player's
 * language, and `message` (English) otherwise.
 */
export const STAND_IN_REFUSALS = [
  'UNAUTHORIZED',
  'INVALID',
  'SAME_EVENT',
  'MAX_WIN',
  'NOT_OFFERED',
  'SUSPENDED',
  'ODDS_CHANGED',
  'NOT_ENOUGH_MONEY',
  'LIMIT_REACHED',
  'BLOCKED',
  'REFUSED',
  'UNAVAILABLE',
] as const;
export type StandInRefusalCode = (typeof STAND_IN_REFUSALS)[number];

export const standInRefusalSchema = z.object({
  code: z.enum(STAND_IN_REFUSALS),
  message: z.string(),
  /** ODDS_CHANGED: the prices now of the selections sent (null: no longer offered). */
  prices: z
    .array(z.object({ marketId: z.string(), runnerId: z.string(), odds: z.number().nullable() }))
    .optional(),
});
export type StandInRefusal = z.infer<typeof standInRefusalSchema>;
