import type { FastifyInstance } from 'fastify';
import { importSPKI } from 'jose';
import type { ServiceDeps } from '../../../deps.ts';
import { sportsbookKeysLoader } from '../sportsbook-keys.ts';
import type { StandInContext } from './standin-bets.ts';
import { exchangeCatalogue } from './standin-catalogue.ts';
import { injectOperatorCaller } from './standin-operator.ts';
import { rendererScript } from './standin-renderer.ts';
import { STAND_IN_PREFIX, standInRoutes } from './standin-routes.ts';
import { startStandInSweeper } from './standin-sweeper.ts';

/*
 * The platform's stand-in for Betby (docs/sportsbook.md): a fixed-odds book over the
 * exchange's catalogue that speaks Betby's protocol to the operator API, for a platform with
 * no Betby brand. The rest of the sportsbook module does not know it is not Betby.
 */

/** The stand-in's parts over a running app: catalogue, signed operator calls, key. */
export function standInContext(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): StandInContext {
  const keys = sportsbookKeysLoader(deps);
  let operatorPublicKey: ReturnType<typeof importSPKI> | undefined;
  return {
    deps,
    catalogue: exchangeCatalogue(app.exchange),
    caller: injectOperatorCaller(app, {
      deps,
      apiPrefix,
      privateKey: async () => {
        const { standIn } = await keys();
        if (!standIn) throw new Error('The stand-in has no signing key: Betby is configured');
        return standIn.privateKey;
      },
    }),
    operatorPublicKey: () => {
      // Read (or made) at the first bet: the keys live in the database, migrated after boot.
      operatorPublicKey ??= keys()
        .then(({ operator }) => importSPKI(operator.publicPem, 'ES256'))
        .catch((error: unknown) => {
          operatorPublicKey = undefined;
          throw error;
        });
      return operatorPublicKey;
    },
  };
}

/**
 * Registers the stand-in's routes under `{apiPrefix}/sportsbook/stand-in` and runs its
 * settlement sweeper, only when no Betby brand is configured: with Betby, Betby is the book.
 */
export async function registerSportsbookStandIn(
  app: FastifyInstance,
  options: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  if (options.deps.config.sportsbook.betby !== undefined) return;
  const context = standInContext(app, options);
  const prefix = `${options.apiPrefix}${STAND_IN_PREFIX}`;
  await app.register(standInRoutes, { prefix, context, script: rendererScript(prefix) });
  let sweeper: ReturnType<typeof startStandInSweeper> | undefined;
  app.addHook('onReady', async () => {
    sweeper = startStandInSweeper(context);
  });
  app.addHook('onClose', async () => {
    await sweeper?.stop();
  });
}

export { sweepStandInBets } from './standin-sweeper.ts';
