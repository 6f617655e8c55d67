/**
 * Site: app details, settings, banners, announcements, page visits and the maintenance
 * switch. The bottom module: it calls no other.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { appDataRoutes } from './app-data-routes.ts';
import { pageVisitRoutes } from './page-visit-routes.ts';
import { staffSiteRoutes } from './staff-site-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const siteModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(appDataRoutes, { db: deps.db, moneyMode: deps.config.moneyMode });
  await app.register(pageVisitRoutes, { deps });
  await app.register(staffSiteRoutes, { deps });
};

export { insertAnnouncements } from './announcement-repository.ts';
export { getAppDetails } from './app-data-service.ts';
export { findSetting, insertMissingSettings, upsertSetting } from './app-settings-repository.ts';
export { APP_SETTING_KEYS, DEFAULT_APP_SETTINGS, parseSettingValue } from './app-settings.ts';
export { insertBanners } from './banner-repository.ts';
export type { NewBannerRow } from './banner-repository.ts';
export { setAppSetting } from './settings-service.ts';
export { requireSiteLive } from './site-status.ts';
export type { StaffActor } from './staff-site-service.ts';
