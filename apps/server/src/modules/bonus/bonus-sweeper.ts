import type { ServiceDeps } from '../../deps.ts';
import { startSweeper } from '../../sweeper.ts';
import { settleBonus } from './bonus-money.ts';
import { activeClaimsToCheck } from './bonus-repository.ts';

/*
 * Active bonuses brought up to date in the background (docs/bonus.md): a bonus whose wagering
 * is met becomes cash, one past its expiry is forfeited, without the player opening a page.
 * Every node may run it: each bonus is settled under its player's wallet lock and its own row
 * lock, and a second look at an ended bonus does nothing.
 */

export const BONUS_SWEEP_INTERVAL_MS = 15_000;
/** Bonuses one sweep looks at, the least recently checked first. */
export const BONUS_SWEEP_BATCH = 100;

/** One sweep: answers how many bonuses it converted or expired. */
export async function sweepBonuses(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  batch = BONUS_SWEEP_BATCH,
): Promise<number> {
  let ended = 0;
  for (const claimId of await activeClaimsToCheck(deps.db, batch)) {
    const settled = await settleBonus(deps, claimId);
    if (settled === 'converted' || settled === 'expired') ended += 1;
  }
  return ended;
}

export function startBonusSweeper(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime' | 'log'>,
  intervalMs = BONUS_SWEEP_INTERVAL_MS,
): { stop: () => Promise<void> } {
  return startSweeper({
    intervalMs,
    log: deps.log,
    sweep: () => sweepBonuses(deps),
    did: 'bonuses converted or expired',
    failed: 'bonus sweep failed',
  });
}
