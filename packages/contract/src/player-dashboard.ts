import { z } from 'zod';
import { casinoHistoryRoundSchema } from './casino.ts';
import { crashMyBetSchema } from './crash.ts';
import { betSchema } from './exchange.ts';
import { realityCheckSettingsSchema } from './safer-play-sessions.ts';
import { limitViewSchema } from './safer-play.ts';
import { sportsbookBetSchema } from './sportsbook-bet.ts';
import { statementEntrySchema, walletSchema } from './wallet.ts';

/*
 * Issue 44 item 4: the player's account at a glance (/dashboard), in one read. Every part is
 * what the product's own endpoint answers (GET /bets, /casino/rounds, /crash/my-bets, /sportsbook/bets,
 * /rg/limits, /rg/reality-check, /getAccountstatement), so the app draws them with the same
 * types; the balance then moves with the realtime wallet.
 */

/** At most this many open bets of each product (the product's own page lists them all). */
export const DASHBOARD_OPEN_BETS_MAX = 20;
/** The last account movements shown. */
export const DASHBOARD_MOVEMENTS = 10;

export const playerDashboardSchema = z.object({
  /** The wallet when read (the app shows the realtime one once it has it). */
  wallet: walletSchema,
  /** The player's money is play money (points): a play-money site or a demo account. */
  playMoney: z.boolean(),
  openBets: z.object({
    /** Exchange (match odds back/lay), bookmaker and fancy bets not settled: marketType says which. */
    sports: z.array(betSchema),
    /** Casino rounds still open: the built-in tables' (spm set) and the providers'. */
    casino: z.array(casinoHistoryRoundSchema),
    /** Crash bets in flight (placed, not cashed out, round not crashed). */
    crash: z.array(crashMyBetSchema),
    /** Sportsbook bets (Betby's) not settled yet, as GET /sportsbook/bets lists them. */
    sportsbook: z.array(sportsbookBetSchema),
    /** Some product had more open bets than DASHBOARD_OPEN_BETS_MAX. */
    more: z.object({
      sports: z.boolean(),
      casino: z.boolean(),
      crash: z.boolean(),
      sportsbook: z.boolean(),
    }),
  }),
  /** The deposit, loss and stake limits with what counts against them now. */
  limits: z.array(limitViewSchema),
  /** The session time limit and this session's start and latest end. */
  session: realityCheckSettingsSchema,
  /** The last DASHBOARD_MOVEMENTS statement lines, newest first. */
  movements: z.array(statementEntrySchema),
});
export type PlayerDashboard = z.infer<typeof playerDashboardSchema>;
