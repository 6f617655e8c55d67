/**
 * SPM Games, the built-in casino provider (issue 14): multiplayer tables with timed rounds,
 * provably fair, streamed in `game:{tableId}` rooms; its bets and wins go to the operator's
 * seamless wallet signed, as an external provider's would (docs/decisions.md "SPM Games
 * tables").
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../../deps.ts';
import { installGameStream } from './game-stream.ts';
import type { ProviderWalletCaller } from './operator-wallet.ts';
import { SpmGames } from './spm-games.ts';
import { spmRoutes } from './spm-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SPM Games' tables: main.ts starts them, tests start the ones they use. */
    spmGames: SpmGames;
  }
}

/** Decorates `app.spmGames`, installs the `game:*` handlers and the routes under `apiPrefix`. */
export async function registerSpmGames(
  app: FastifyInstance,
  options: { deps: ServiceDeps; apiPrefix: string; caller: ProviderWalletCaller },
): Promise<void> {
  const games = new SpmGames({
    deps: options.deps,
    caller: options.caller,
    io: app.realtime.io,
    log: app.log,
  });
  app.decorate('spmGames', games);
  installGameStream(
    app.realtime.io,
    (tableId) => games.watch(tableId),
    app.log,
    options.deps.clock,
  );
  // Before the sockets and the database go: the step under way finishes, no new one starts.
  app.addHook('preClose', async () => games.stop());
  await app.register(spmRoutes, { prefix: options.apiPrefix, deps: options.deps, games });
}

export { SpmGames } from './spm-games.ts';
export type { ProviderWalletCaller } from './operator-wallet.ts';
export { spmRoundRecords } from './round-history.ts';
export { isSpmKind } from './spm-repository.ts';
