/**
 * The crash game (issue 43, docs/crash-game.md): the provably fair round loop on the node that
 * holds its lease, its realtime room, the players' API and the rows the back office reads.
 * Money moves only through the wallet module's API (docs/adding-a-product.md), product 'crash'.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../../deps.ts';
import { Gauge, type Registry } from 'prom-client';
import { CrashGame, type CrashGameOptions } from './crash-game.ts';
import { crashPlayerRoutes, crashRoutes } from './crash-routes.ts';
import { installCrashStream } from './crash-stream.ts';
import { staffCrashRoutes } from './staff-crash-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The crash game: main.ts starts it (config CRASH_GAME); tests start it when they ask. */
    crash: CrashGame;
  }
}

/**
 * Decorates `app.crash`, installs `crash:join`/`crash:leave` and the routes under
 * `apiPrefix`. A fastify-plugin, so `app.crash` is seen app-wide.
 */
async function crashPlugin(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  const { crash } = deps.config;
  const game = new CrashGame({
    deps,
    io: app.realtime.io,
    log: app.log,
    timing: {
      bettingMs: crash.bettingMs,
      tickMs: crash.tickMs,
      pauseMs: crash.pauseMs,
      chainLength: crash.chainLength,
    },
    // Read when the game starts: the cluster plugin decorates it on several nodes only.
    cluster: () => app.cluster,
    publishLatency: latencyGauges(app.metrics),
  });
  app.decorate('crash', game);
  installCrashStream(app.realtime.io, (viewerId) => game.state(viewerId), app.log, deps.clock);
  // Before the sockets and the database go: the step under way finishes, no new one starts.
  app.addHook('preClose', async () => game.stop());
  await app.register(crashRoutes, { prefix: apiPrefix, deps, game });
  await app.register(crashPlayerRoutes, { prefix: apiPrefix, deps, game });
  await app.register(staffCrashRoutes, { prefix: apiPrefix, deps });
}

/**
 * The last crashed round's manual cash-out acknowledgements on /metrics (issue 43 item 8):
 * `crash_round_cash_out_ack_milliseconds{stat="p50"|"p99"|"max"}`, how many, which round, and
 * the cash-out batches' transaction times (`crash_round_cash_out_batch_milliseconds`).
 */
function latencyGauges(registry: Registry): NonNullable<CrashGameOptions['publishLatency']> {
  const ack = new Gauge({
    name: 'crash_round_cash_out_ack_milliseconds',
    help: 'The last crashed round: manual cash-out acknowledgement (arrived to paid), by stat',
    labelNames: ['stat'] as const,
    registers: [registry],
  });
  const count = new Gauge({
    name: 'crash_round_cash_outs',
    help: 'The last crashed round: manual cash-outs paid',
    registers: [registry],
  });
  const batches = new Gauge({
    name: 'crash_round_cash_out_batch_milliseconds',
    help: 'The last crashed round: cash-out batches (one transaction each), time by stat',
    labelNames: ['stat'] as const,
    registers: [registry],
  });
  const batchCount = new Gauge({
    name: 'crash_round_cash_out_batches',
    help: 'The last crashed round: cash-out batches run',
    registers: [registry],
  });
  const round = new Gauge({
    name: 'crash_round_id',
    help: 'The last crashed round the crash_round_* figures are of',
    registers: [registry],
  });
  return (roundId, figures) => {
    ack.set({ stat: 'p50' }, figures.p50Ms);
    ack.set({ stat: 'p99' }, figures.p99Ms);
    ack.set({ stat: 'max' }, figures.maxMs);
    count.set(figures.cashOuts);
    batches.set({ stat: 'p50' }, figures.batchP50Ms);
    batches.set({ stat: 'p99' }, figures.batchP99Ms);
    batchCount.set(figures.batches);
    round.set(roundId);
  };
}

export const crashModule = fp(crashPlugin, { name: 'spm-crash' });

export { CrashGame, CRASH_GAME_KEY } from './crash-game.ts';
export {
  crashRtpByDay,
  readCrashSettings,
  setCrashPaused,
  staffCrashRounds,
  staffRoundBets,
  updateCrashSettings,
} from './crash-repository.ts';
export type {
  CrashBetRow,
  CrashDay,
  CrashRoundRow,
  CrashSettingsChange,
  CrashSettingsRow,
} from './crash-repository.ts';
export { myCrashBets } from './crash-history.ts';
