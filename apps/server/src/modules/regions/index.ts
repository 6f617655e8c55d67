/**
 * Regions (issue 42 item 7): which countries and Indian states the site serves, checked at
 * registration and sign-in from the phone's country, the declared state and the client
 * address (the operator's geolocation file). Beside the wallet, below identity; it calls only
 * site. Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { geoTableFor } from './geo-tables.ts';
import { staffRegionRoutes } from './staff-region-routes.ts';

/**
 * The module's routes; registered under the API prefix by buildApp. The geolocation file is
 * read here, so a broken file stops the boot instead of letting every address through; the
 * log says which file and how many ranges, or that the address check is off.
 */
export const regionsModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  const table = await geoTableFor(deps.config.geoip);
  if (table === null) {
    app.log.info('regions: no GEOIP_FILE, so client addresses are not checked (docs/regions.md)');
  } else {
    app.log.info({ file: table.file, ranges: table.ranges }, 'regions: geolocation file loaded');
  }
  await app.register(staffRegionRoutes, { deps });
};

export { assertRegionAllowed } from './region-check.ts';
export type { RegionVisitor } from './region-check.ts';
