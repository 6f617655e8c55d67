/**
 * Safer play, sessions (issue 42 item 2): the reality check at the player's interval and the
 * session time limit, by the server's clock. docs/safer-play-sessions.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../../deps.ts';
import { relayRealityCheckAnswers } from './reality-check-answers.ts';
import { watchRealityCheck } from './reality-check-watcher.ts';
import { sessionRoutes } from './session-routes.ts';
import { registerSessionLimitCap } from './session-settings-service.ts';

export const saferPlaySessions: FastifyPluginAsync<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  registerSessionLimitCap(deps);
  // Beside identity's own connection handler: every signed-in socket gets its watch.
  app.realtime.io.on('connection', (socket) => {
    const watch = watchRealityCheck(socket, deps, app.log);
    socket.on('disconnect', () => watch.stop());
    relayRealityCheckAnswers(socket, app.realtime);
  });
  await app.register(sessionRoutes, { deps });
};
