import type { SpmRoundPhase } from '@spm/contract';
import type { Harness } from '../../../test/harness.ts';
import type { ProviderWalletCaller } from './operator-wallet.ts';
import { SpmGames } from './spm-games.ts';
import type { SpmTableRunner, SpmTiming } from './spm-table.ts';

// Test support for SPM Games (imported by spm/*.test.ts only).

/** Fires the table's next scheduled transition on the manual clock and waits for it. */
export async function stepTable(h: Harness, table: SpmTableRunner): Promise<void> {
  await table.idle();
  const due = table.nextDueAtMs;
  if (due === null) throw new Error(`table ${table.tableId} has nothing scheduled`);
  h.clock.advance(Math.max(0, due - h.clock.now().getTime()));
  await table.idle();
}

/** Steps the table until its round is in `phase` (a settled round: payments done too). */
export async function stepUntil(
  h: Harness,
  games: SpmGames,
  table: SpmTableRunner,
  phase: SpmRoundPhase,
): Promise<void> {
  for (let step = 0; step < 200; step += 1) {
    if (table.current?.phase === phase) {
      await games.idle();
      return;
    }
    await stepTable(h, table);
  }
  throw new Error(`table ${table.tableId} never reached ${phase}`);
}

/**
 * Another SPM Games on the same database and sockets: what a restarted process would be
 * (nothing of the first one's memory).
 */
export function restartedSpmGames(
  h: Harness,
  caller: ProviderWalletCaller,
  timing: Partial<SpmTiming> = {},
): SpmGames {
  return new SpmGames({
    deps: { db: h.db, clock: h.clock, config: h.config },
    caller,
    io: h.app.realtime.io,
    log: h.app.log,
    timing,
  });
}
