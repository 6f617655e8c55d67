import { objectWith } from '@spm/core';
import type { z } from 'zod';
import type {
  AppDetails,
  staffAnnouncementBodySchema,
  staffAnnouncementSchema,
  staffAnnouncementUpdateBodySchema,
  staffBannerSchema,
  staffBannerUpdateBodySchema,
} from '@spm/contract';
import {
  LINK_TARGET_MESSAGES,
  SERVER_EVENTS,
  checkLinkTarget,
  staffBannerFieldsSchema,
} from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { forgetSiteStatus } from './site-status.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { MEDIA_PREFIX } from '../../http/url-prefixes.ts';
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAllAnnouncements,
  updateAnnouncement,
  type AnnouncementRow,
} from './announcement-repository.ts';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { StaffActor } from '../../http/staff-auth.ts';

export type { StaffActor };
import {
  deleteBanner,
  findBanner,
  insertBanner,
  listAllBanners,
  updateBanner,
  type BannerRow,
} from './banner-repository.ts';
import { missingFiles, parseFormFields, type ReceivedForm } from '../../uploads/multipart.ts';
import { storeUpload, withUploadCleanup } from '../../uploads/upload-store.ts';
import { APP_SETTING_KEYS, type AppSettingKey } from './app-settings.ts';
import { getAppDetails } from './app-data-service.ts';
import type { ServiceDeps } from '../../deps.ts';
import { setAppSetting } from './settings-service.ts';

/*
 * Back office site settings (issue 7): the app details of /api/getAppDetails, banners and
 * announcements. Each write and its audit row are one transaction; the player app reads these
 * uncached (getAppDetails, getBanners, announcement/display), so a change shows on its next
 * read from any server node.
 */

type StaffBanner = z.infer<typeof staffBannerSchema>;
type StaffAnnouncement = z.infer<typeof staffAnnouncementSchema>;

type SiteDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'realtime'>;

/** A kind of row the back office edits: how it is named in the audit and in a 404, and shown. */
interface AuditedKind<Row, View> {
  targetType: 'banner' | 'announcement';
  notFound: ConstructorParameters<typeof AppError>[0];
  view(row: Row): View;
}

/** The audit entry of an update or delete of one row of `kind`. */
function entryOf<Row, View>(
  kind: AuditedKind<Row, View>,
  verb: 'update' | 'delete',
  targetId: string,
  before: View,
  after: View | null,
) {
  return {
    action: `${kind.targetType}.${verb}`,
    targetType: kind.targetType,
    targetId,
    before,
    after,
  };
}

/** Changes one row and audits it before and after, in one transaction; 404 when it is gone. */
function updateAudited<Row, View>(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
  kind: AuditedKind<Row, View>,
  store: {
    find(tx: DbHandle, id: string): Promise<Row | undefined>;
    update(tx: DbHandle, id: string): Promise<Row | undefined>;
  },
): Promise<View> {
  return deps.db.transaction(async (tx) => {
    const before = await store.find(tx, id);
    if (!before) throw new AppError(kind.notFound);
    const row = await store.update(tx, id);
    if (!row) throw new AppError(kind.notFound);
    const after = kind.view(row);
    await insertStaffAudit(
      tx,
      actor,
      deps.clock.now(),
      entryOf(kind, 'update', id, kind.view(before), after),
    );
    return after;
  });
}

/** Deletes one row and audits what it was, in one transaction; 404 when it is gone. */
function deleteAudited<Row, View>(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
  kind: AuditedKind<Row, View>,
  remove: (tx: DbHandle, id: string) => Promise<Row | undefined>,
): Promise<View> {
  return deps.db.transaction(async (tx) => {
    const row = await remove(tx, id);
    if (!row) throw new AppError(kind.notFound);
    const before = kind.view(row);
    await insertStaffAudit(tx, actor, deps.clock.now(), entryOf(kind, 'delete', id, before, null));
    return before;
  });
}

/**
 * A link the player app may put in an href or src: http(s), or a path on this site. Refuses
 * `javascript:` and `data:` links, which would run or show whatever an operator pasted.
 */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const LINK_SETTINGS = ['LOGO_URL', 'WHATS_APP_URL', 'TELEGRAM', 'INSTATGRAM', 'FACEBOOK'] as const;
const SWITCH_SETTINGS = ['OTP', 'IS_EMAIL'] as const;

// ------------------------------------------------------------------ app details

export function getAppSettings(deps: Pick<ServiceDeps, 'db'>): Promise<AppDetails> {
  return getAppDetails(deps.db);
}

async function writeSetting<K extends AppSettingKey>(
  tx: DbHandle,
  body: Partial<AppDetails>,
  key: K,
): Promise<void> {
  const value = body[key];
  if (value !== undefined) await setAppSetting(tx, key, value as AppDetails[K]);
}

/**
 * PATCH /staff/settings/app. Switches are 0 or 1, links http(s) or a site path (or empty to
 * hide a social link), the brand name not blank. The audit row keeps the changed keys only.
 */
export async function updateAppSettings(
  deps: SiteDeps,
  actor: StaffActor,
  body: Partial<AppDetails>,
): Promise<AppDetails> {
  for (const key of SWITCH_SETTINGS) {
    const value = body[key];
    if (value !== undefined && value !== 0 && value !== 1) throw fieldError(key, 'Use 0 or 1');
  }
  for (const key of LINK_SETTINGS) {
    const value = body[key];
    if (value === undefined || (value === '' && key !== 'LOGO_URL')) continue;
    if (!isSafeLink(value)) throw fieldError(key, 'Use an http(s) address or a path on this site');
  }
  if (body.BRAND_NAME !== undefined && body.BRAND_NAME.trim() === '') {
    throw fieldError('BRAND_NAME', 'Enter the brand name');
  }
  const { after, changed } = await deps.db.transaction(async (tx) => {
    const before = await getAppDetails(tx);
    for (const key of APP_SETTING_KEYS) await writeSetting(tx, body, key);
    const after = await getAppDetails(tx);
    const changed = APP_SETTING_KEYS.filter((key) => before[key] !== after[key]);
    if (changed.length > 0) {
      const pick = (details: AppDetails) =>
        Object.fromEntries(changed.map((key) => [key, details[key]]));
      await insertStaffAudit(tx, actor, deps.clock.now(), {
        action: 'settings.app_update',
        targetType: 'app_settings',
        targetId: 'app',
        before: pick(before),
        after: pick(after),
      });
    }
    return { after, changed: changed.length > 0 };
  });
  // Signed-in players' apps apply it at once (maintenance, suspension); the rest poll.
  if (changed) {
    // Written inside the transaction: a bet checked meanwhile may have cached the old status.
    forgetSiteStatus();
    deps.realtime.emitToAll(SERVER_EVENTS.appDetails, after);
  }
  return after;
}

// ------------------------------------------------------------------ banners

/** Where an uploaded banner image is served to everyone (GET /api/media/uploads/{id}). */
export function publicUploadUrl(uploadId: string): string {
  return `${MEDIA_PREFIX}uploads/${uploadId}`;
}

function toStaffBanner(row: BannerRow): StaffBanner {
  return {
    id: row.id,
    title: row.title,
    titleTranslations: row.titleTranslations,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    order: row.sortOrder,
    enabled: row.enabled,
  };
}

const BANNERS: AuditedKind<BannerRow, StaffBanner> = {
  targetType: 'banner',
  notFound: 'BANNER_NOT_FOUND',
  view: toStaffBanner,
};

/**
 * A banner's target as stored: blank is none; else an https address or a built page of the
 * player app (issue 40 item 7: a tap never ends on a 404 or a "coming soon" page).
 */
function linkOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const target = checkLinkTarget(value);
  if (!target.ok) throw fieldError('linkUrl', LINK_TARGET_MESSAGES[target.why]);
  return value;
}

export async function listStaffBanners(deps: Pick<ServiceDeps, 'db'>): Promise<StaffBanner[]> {
  return (await listAllBanners(deps.db)).map(toStaffBanner);
}

export const BANNER_IMAGE_FIELD = 'image';

/** The text fields of the multipart form, in the validator's error shape. */
function bannerFields(form: ReceivedForm) {
  return parseFormFields(staffBannerFieldsSchema, form.fields);
}

/**
 * POST /staff/banners (multipart: title, linkUrl?, order, enabled, image). Everything is
 * checked before the image is written; the upload row, the banner and the audit row are one
 * transaction, and the file is removed again if it does not commit.
 */
export async function createBanner(
  deps: SiteDeps,
  actor: StaffActor,
  form: ReceivedForm,
): Promise<StaffBanner> {
  const fields = bannerFields(form);
  const linkUrl = linkOrNull(fields.linkUrl);
  const image = form.files.get(BANNER_IMAGE_FIELD);
  if (!image) {
    throw missingFiles([{ field: BANNER_IMAGE_FIELD, message: 'Attach the banner image' }]);
  }
  const now = deps.clock.now();
  return withUploadCleanup((track) =>
    deps.db.transaction(async (tx) => {
      const upload = track(
        await storeUpload(deps, tx, { playerId: null, purpose: 'banner', file: image, now }),
      );
      const row = await insertBanner(tx, {
        title: fields.title,
        imageUrl: publicUploadUrl(upload.id),
        linkUrl,
        sortOrder: fields.order,
        enabled: fields.enabled,
        createdAt: now,
      });
      const banner = toStaffBanner(row);
      await insertStaffAudit(tx, actor, deps.clock.now(), {
        action: 'banner.create',
        targetType: 'banner',
        targetId: row.id,
        before: null,
        after: objectWith(banner, { uploadId: upload.id }),
      });
      return banner;
    }),
  );
}

export async function updateStaffBanner(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
  body: z.infer<typeof staffBannerUpdateBodySchema>,
): Promise<StaffBanner> {
  const values: Parameters<typeof updateBanner>[2] = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.titleTranslations !== undefined) values.titleTranslations = body.titleTranslations;
  if (body.linkUrl !== undefined) values.linkUrl = linkOrNull(body.linkUrl);
  if (body.order !== undefined) values.sortOrder = body.order;
  if (body.enabled !== undefined) values.enabled = body.enabled;
  if (Object.keys(values).length === 0) throw fieldError('request', 'Change at least one field');
  return updateAudited(deps, actor, id, BANNERS, {
    find: findBanner,
    update: (tx) => updateBanner(tx, id, values),
  });
}

/** DELETE /staff/banners/{id}: the image upload is kept (the audit row still names it). */
export async function deleteStaffBanner(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
): Promise<StaffBanner> {
  return deleteAudited(deps, actor, id, BANNERS, deleteBanner);
}

// ------------------------------------------------------------------ announcements

function toStaffAnnouncement(row: AnnouncementRow): StaffAnnouncement {
  return {
    id: row.id,
    message: row.message,
    translations: row.translations,
    enabled: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

const ANNOUNCEMENTS: AuditedKind<AnnouncementRow, StaffAnnouncement> = {
  targetType: 'announcement',
  notFound: 'ANNOUNCEMENT_NOT_FOUND',
  view: toStaffAnnouncement,
};

export async function listStaffAnnouncements(
  deps: Pick<ServiceDeps, 'db'>,
): Promise<StaffAnnouncement[]> {
  return (await listAllAnnouncements(deps.db)).map(toStaffAnnouncement);
}

export async function createStaffAnnouncement(
  deps: SiteDeps,
  actor: StaffActor,
  body: z.infer<typeof staffAnnouncementBodySchema>,
): Promise<StaffAnnouncement> {
  return deps.db.transaction(async (tx) => {
    const row = await insertAnnouncement(tx, {
      message: body.message,
      translations: body.translations,
      active: body.enabled,
      createdAt: deps.clock.now(),
    });
    const announcement = toStaffAnnouncement(row);
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: row.id,
      before: null,
      after: announcement,
    });
    return announcement;
  });
}

export async function updateStaffAnnouncement(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
  body: z.infer<typeof staffAnnouncementUpdateBodySchema>,
): Promise<StaffAnnouncement> {
  const values: Parameters<typeof updateAnnouncement>[2] = {};
  if (body.message !== undefined) values.message = body.message;
  if (body.translations !== undefined) values.translations = body.translations;
  if (body.enabled !== undefined) values.active = body.enabled;
  if (Object.keys(values).length === 0) throw fieldError('request', 'Change at least one field');
  return updateAudited(deps, actor, id, ANNOUNCEMENTS, {
    find: findAnnouncement,
    update: (tx) => updateAnnouncement(tx, id, values),
  });
}

export async function deleteStaffAnnouncement(
  deps: SiteDeps,
  actor: StaffActor,
  id: string,
): Promise<StaffAnnouncement> {
  return deleteAudited(deps, actor, id, ANNOUNCEMENTS, deleteAnnouncement);
}
