import type { NameTranslationKind, StaffNameTranslation, Translations } from '@spm/contract';
import { objectWith } from '@spm/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffNameSearchQuerySchema,
  staffNameTranslationBodySchema,
  staffNameTranslationParamsSchema,
  staffNameTranslationSchema,
  staffNameTranslationsSchema,
} from '@spm/contract';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf, type StaffActor } from '../../http/staff-auth.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import { findName, searchNames, writeNames } from './name-translation-repository.ts';

const NOT_FOUND = {
  market: 'MARKET_NOT_FOUND',
  runner: 'RUNNER_NOT_FOUND',
} as const satisfies Record<NameTranslationKind, string>;

/**
 * PUT /staff/name-translations/{kind}/{id}: the name's other languages, replaced as a whole
 * with the audit row in one transaction. Then this node reads the table again, the others are
 * told to, and followers of the market get its snapshot with the new names.
 */
export async function setNameTranslations(
  engine: ExchangeEngine,
  actor: StaffActor,
  target: { kind: NameTranslationKind; id: string },
  translations: Translations,
): Promise<StaffNameTranslation> {
  const { deps } = engine;
  const now = deps.clock.now();
  const id = Number(target.id);
  const answer = await deps.db.transaction(async (tx) => {
    const before = await findName(tx, target.kind, id);
    if (!before) throw new AppError(NOT_FOUND[target.kind]);
    await writeNames(tx, target.kind, id, translations, now);
    await insertStaffAudit(tx, actor, now, {
      action: 'name_translation.update',
      targetType: target.kind,
      targetId: target.id,
      before: before.translations,
      after: translations,
    });
    return objectWith(before, { translations });
  });
  await engine.names.load();
  deps.realtime.announceNamesChanged();
  const market =
    target.kind === 'market'
      ? engine.markets.get(target.id)
      : [...engine.markets.values()].find((m) => m.runners.some((r) => r.id === target.id));
  if (market) engine.changed(market.id);
  return answer;
}

/** The back office's editor of market and runner names in other languages, admin only. */
export const staffNameTranslationRoutes: FastifyPluginAsyncZod<{
  deps: ServiceDeps;
  engine: ExchangeEngine;
}> = async (app, { deps, engine }) => {
  const admin = requireStaff('admin');

  app.get(
    '/staff/name-translations',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Markets and runners whose name (or event name) holds q, with their translations',
        querystring: staffNameSearchQuerySchema,
        response: envelopeResponses(staffNameTranslationsSchema),
      },
    },
    async (request) => ok(await searchNames(deps.db, request.query.q)),
  );

  app.put(
    '/staff/name-translations/:kind/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: "A market's or runner's name in the other languages; {} removes them (audited)",
        params: staffNameTranslationParamsSchema,
        body: staffNameTranslationBodySchema,
        response: envelopeResponses(staffNameTranslationSchema),
      },
    },
    async (request) =>
      ok(
        await setNameTranslations(
          engine,
          staffActorOf(request),
          request.params,
          request.body.translations,
        ),
      ),
  );
};
