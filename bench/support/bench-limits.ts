import { LIMIT_NAMES } from '@spm/contract';
import type { ServiceDeps } from '../../apps/server/src/deps.ts';
import { setLimits } from '../../apps/server/src/modules/safer-play/limits/limits-service.ts';

/**
 * BENCH_LIMITS=on (issue 42's benchmarks): every load player gets every deposit, loss and
 * stake limit (24 hours, 7 and 30 days), each far above what a run stakes, so the wallet
 * reads and judges real limits on every money move and refuses nothing. The amount is in
 * points (₹): 5 crore, more than any player is funded with.
 */
export const BENCH_LIMIT_POINTS = 50_000_000;

export const benchLimitsOn = process.env.BENCH_LIMITS === 'on';

export async function setBenchLimits(deps: ServiceDeps, playerIds: readonly number[]) {
  const changes = LIMIT_NAMES.map((name) => ({ name, amount: BENCH_LIMIT_POINTS }));
  let kept = 0;
  for (const playerId of playerIds) {
    const state = await setLimits(
      deps,
      playerId,
      { changes },
      { ip: '127.0.0.1', userAgent: 'bench' },
    );
    kept += state.limits.filter((limit) => limit.amount !== null).length;
  }
  console.log(`limits: ${kept} in force over ${playerIds.length} players (BENCH_LIMITS=on)`);
}
