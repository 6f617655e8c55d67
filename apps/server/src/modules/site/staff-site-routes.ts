import {
  staffAnnouncementBodySchema,
  staffAnnouncementSchema,
  staffAnnouncementsSchema,
  staffAnnouncementUpdateBodySchema,
  staffAppSettingsSchema,
  staffAppSettingsUpdateBodySchema,
  staffBannerSchema,
  staffBannersSchema,
  staffBannerUpdateBodySchema,
  staffUuidParamsSchema,
} from '@spm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { envelopeResponses, ok } from '../../http/envelope.ts';
import { requireStaff, staffActorOf } from '../../http/staff-auth.ts';
import { findUpload } from '../../uploads/upload-repository.ts';
import type { ServiceDeps } from '../../deps.ts';
import {
  BANNER_IMAGE_FIELD,
  createBanner,
  createStaffAnnouncement,
  deleteStaffAnnouncement,
  deleteStaffBanner,
  getAppSettings,
  listStaffAnnouncements,
  listStaffBanners,
  updateAppSettings,
  updateStaffAnnouncement,
  updateStaffBanner,
} from './staff-site-service.ts';
import { readMultipart, registerMultipart } from '../../uploads/multipart.ts';
import { readUpload } from '../../uploads/upload-store.ts';

/** Uploads anyone may see: banner images and payment QR codes. KYC and proofs never. */
const PUBLIC_UPLOAD_PURPOSES: ReadonlySet<string> = new Set(['banner', 'gateway_qr']);
const ONE_YEAR_S = 31_536_000;

/** Back office site settings, banners and announcements (issue 7), admin only. */
export const staffSiteRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  const admin = requireStaff('admin');
  await registerMultipart(app, { maxFileBytes: deps.config.cashier.uploadMaxBytes, maxFiles: 1 });

  // --- Public: uploaded banner images (their URL is what /api/getBanners answers) --------

  app.get(
    '/media/uploads/:id',
    {
      schema: {
        tags: ['app'],
        summary: 'An uploaded banner or payment QR image (other uploads are staff-only)',
        params: staffUuidParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await findUpload(deps.db, request.params.id);
      if (!row || !PUBLIC_UPLOAD_PURPOSES.has(row.purpose)) throw new AppError('UPLOAD_NOT_FOUND');
      const file = await readUpload(deps, row.id);
      // The name is a fresh uuid per upload: its bytes never change.
      return reply
        .type(file.mimeType)
        .header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`)
        .send(file.bytes);
    },
  );

  // --- App details --------------------------------------------------------------------

  app.get(
    '/staff/settings/app',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'The app details players get from /api/getAppDetails',
        response: envelopeResponses(staffAppSettingsSchema),
      },
    },
    async () => ok(await getAppSettings(deps)),
  );

  app.patch(
    '/staff/settings/app',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Change app details: OTP, e-mail, logo, links, organisation status (audited)',
        body: staffAppSettingsUpdateBodySchema,
        response: envelopeResponses(staffAppSettingsSchema),
      },
    },
    async (request) => ok(await updateAppSettings(deps, staffActorOf(request), request.body)),
  );

  // --- Banners ------------------------------------------------------------------------

  app.get(
    '/staff/banners',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every banner, disabled ones too, in display order',
        response: envelopeResponses(staffBannersSchema),
      },
    },
    async () => ok(await listStaffBanners(deps)),
  );

  app.post(
    '/staff/banners',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Upload a banner (multipart: title, linkUrl?, order, enabled, image; audited)',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(staffBannerSchema),
      },
    },
    async (request) => {
      const form = await readMultipart(request, [BANNER_IMAGE_FIELD]);
      return ok(await createBanner(deps, staffActorOf(request), form));
    },
  );

  app.patch(
    '/staff/banners/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Reorder, enable, disable or retitle a banner (audited)',
        params: staffUuidParamsSchema,
        body: staffBannerUpdateBodySchema,
        response: envelopeResponses(staffBannerSchema),
      },
    },
    async (request) =>
      ok(await updateStaffBanner(deps, staffActorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/staff/banners/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Delete a banner; answers it as it was (audited)',
        params: staffUuidParamsSchema,
        response: envelopeResponses(staffBannerSchema),
      },
    },
    async (request) => ok(await deleteStaffBanner(deps, staffActorOf(request), request.params.id)),
  );

  // --- Announcements ------------------------------------------------------------------

  app.get(
    '/staff/announcements',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Every announcement, inactive ones too, newest first',
        response: envelopeResponses(staffAnnouncementsSchema),
      },
    },
    async () => ok(await listStaffAnnouncements(deps)),
  );

  app.post(
    '/staff/announcements',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Add an announcement to the ticker (audited)',
        body: staffAnnouncementBodySchema,
        response: envelopeResponses(staffAnnouncementSchema),
      },
    },
    async (request) => ok(await createStaffAnnouncement(deps, staffActorOf(request), request.body)),
  );

  app.patch(
    '/staff/announcements/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Edit, enable or disable an announcement (audited)',
        params: staffUuidParamsSchema,
        body: staffAnnouncementUpdateBodySchema,
        response: envelopeResponses(staffAnnouncementSchema),
      },
    },
    async (request) =>
      ok(
        await updateStaffAnnouncement(deps, staffActorOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/staff/announcements/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['staff'],
        summary: 'Delete an announcement; answers it as it was (audited)',
        params: staffUuidParamsSchema,
        response: envelopeResponses(staffAnnouncementSchema),
      },
    },
    async (request) =>
      ok(await deleteStaffAnnouncement(deps, staffActorOf(request), request.params.id)),
  );
};
