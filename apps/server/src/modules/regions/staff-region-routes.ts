import { regionSettingsSchema, staffRegionSettingsSchema } from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import { staffRegionSettings, updateRegionSettings } from './region-settings.ts';

/** The operator's allowed and blocked places (back office settings), admin only. */
export const staffRegionRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');
  app.get(
    '/staff/settings/regions',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Allowed and blocked countries and Indian states, and the geolocation file',
        response: envelopeResponses(staffRegionSettingsSchema),
      },
    },
    async () => ok(await staffRegionSettings(deps)),
  );

  app.put(
    '/staff/settings/regions',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Replace the region settings (audited)',
        body: regionSettingsSchema,
        response: envelopeResponses(staffRegionSettingsSchema),
      },
    },
    async (request) => ok(await updateRegionSettings(deps, staffActorOf(request), request.body)),
  );
};
