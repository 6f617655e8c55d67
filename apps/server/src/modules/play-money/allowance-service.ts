import {
  nextPlayAllowanceAt,
  paiseToPoints,
  playAllowanceDay,
  pointsToPaise,
  type Paise,
} from '@spm/core';
import type { PlayAllowance, PlayAllowanceClaim } from '@spm/contract';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { creditPlayAllowance, moneyModeOf, playAllowanceClaimed } from '../wallet/index.ts';

/*
 * The daily points of a play-money site (issue 42 item 6, docs/play-money.md): on a
 * MONEY_MODE=play site a player whose wallet plays for points may claim PLAY_ALLOWANCE_POINTS
 * once per India day. The money moves only through the wallet's entry (creditPlayAllowance:
 * play_money -> the player's cash, keyed per player and day), so the day's second claim is a
 * replay of the first and moves nothing, however the claims race.
 */

function allowancePaise(deps: ServiceDeps): Paise {
  const parsed = pointsToPaise(deps.config.playAllowancePoints);
  // config.ts bounds it to whole points 1..1,000,000: always a valid amount.
  if (!parsed.ok) throw new Error('PLAY_ALLOWANCE_POINTS is not an amount');
  return parsed.paise;
}

/** Whether this player may claim at all: a play site and a wallet that plays for points. */
async function canClaim(deps: ServiceDeps, playerId: number): Promise<boolean> {
  if (deps.config.moneyMode !== 'play') return false;
  return (await moneyModeOf(deps.db, playerId)) === 'play';
}

/** GET /api/play/allowance */
export async function getPlayAllowance(
  deps: ServiceDeps,
  playerId: number,
): Promise<PlayAllowance> {
  const now = deps.clock.now();
  const available = await canClaim(deps, playerId);
  const claimedToday =
    available && (await playAllowanceClaimed(deps.db, playerId, playAllowanceDay(now)));
  return {
    available,
    amount: deps.config.playAllowancePoints,
    claimedToday,
    nextClaimAt: (claimedToday ? nextPlayAllowanceAt(now) : now).toISOString(),
  };
}

/** POST /api/play/allowance/claim: today's points, or ALLOWANCE_CLAIMED if taken already. */
export async function claimPlayAllowance(
  deps: ServiceDeps,
  playerId: number,
): Promise<PlayAllowanceClaim> {
  // The site's mode first (no wallet read on a real site); the wallet checks the row's mode
  // again under its lock, so a real-money wallet never receives points.
  if (deps.config.moneyMode !== 'play') throw new AppError('ALLOWANCE_UNAVAILABLE');
  const now = deps.clock.now();
  const amountPaise = allowancePaise(deps);
  const moved = await creditPlayAllowance(deps, {
    playerId,
    day: playAllowanceDay(now),
    amountPaise,
  });
  if (moved.replay) throw new AppError('ALLOWANCE_CLAIMED');
  return {
    amount: paiseToPoints(amountPaise),
    balance: paiseToPoints(moved.wallet.balancePaise),
    nextClaimAt: nextPlayAllowanceAt(now).toISOString(),
  };
}
