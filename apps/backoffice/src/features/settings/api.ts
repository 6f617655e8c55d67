import { z } from 'zod';
import {
  gatewaysSchema,
  staffAnnouncementsSchema,
  staffAppSettingsSchema,
  staffBannersSchema,
  staffBroadcastAnswerSchema,
  staffNameTranslationsSchema,
  staffBonusOfferSchema,
  staffBonusOffersSchema,
  staffRegionSettingsSchema,
  type NameTranslationKind,
  type RegionSettings,
  type StaffBonusOfferInput,
  type StaffBonusOfferPatch,
  type Translations,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const settingsKeys = {
  app: ['settings', 'app'] as const,
  banners: ['settings', 'banners'] as const,
  announcements: ['settings', 'announcements'] as const,
  gateways: ['settings', 'gateways'] as const,
  bonusOffers: ['settings', 'bonus-offers'] as const,
};

/** Write answers are not needed beyond success: each screen reloads its list after a write. */
const anyAnswer = z.unknown();

export const fetchAppSettings = () =>
  staffRequest(staffAppSettingsSchema, { url: '/staff/settings/app' });
export const updateAppSettings = (body: unknown) =>
  staffRequest(anyAnswer, { url: '/staff/settings/app', method: 'PATCH', data: body });

export const fetchBanners = () => staffRequest(staffBannersSchema, { url: '/staff/banners' });
export const createBanner = (formData: FormData) =>
  staffRequest(anyAnswer, { url: '/staff/banners', method: 'POST', formData });
export const updateBanner = (id: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/banners/${id}`, method: 'PATCH', data: body });
export const deleteBanner = (id: string) =>
  staffRequest(anyAnswer, { url: `/staff/banners/${id}`, method: 'DELETE' });

export const fetchAnnouncements = () =>
  staffRequest(staffAnnouncementsSchema, { url: '/staff/announcements' });
export const createAnnouncement = (body: unknown) =>
  staffRequest(anyAnswer, { url: '/staff/announcements', method: 'POST', data: body });
export const updateAnnouncement = (id: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/announcements/${id}`, method: 'PATCH', data: body });
export const deleteAnnouncement = (id: string) =>
  staffRequest(anyAnswer, { url: `/staff/announcements/${id}`, method: 'DELETE' });

export const fetchGateways = () => staffRequest(gatewaysSchema, { url: '/staff/gateways' });
export const updateGateway = (code: string, body: unknown) =>
  staffRequest(anyAnswer, { url: `/staff/gateways/${code}`, method: 'PATCH', data: body });
export function uploadGatewayQr(code: string, file: File) {
  const formData = new FormData();
  formData.append('qr', file);
  return staffRequest(anyAnswer, { url: `/staff/gateways/${code}/qr`, method: 'POST', formData });
}

export const sendBroadcast = (body: unknown) =>
  staffRequest(staffBroadcastAnswerSchema, {
    url: '/staff/notifications',
    method: 'POST',
    data: body,
  });

export const regionSettingsKey = ['settings', 'regions'] as const;
export const fetchRegionSettings = () =>
  staffRequest(staffRegionSettingsSchema, { url: '/staff/settings/regions' });
export const updateRegionSettings = (body: RegionSettings) =>
  staffRequest(anyAnswer, { url: '/staff/settings/regions', method: 'PUT', data: body });

export const nameTranslationsKey = (q: string) => ['settings', 'names', q] as const;
export const searchNames = (q: string) =>
  staffRequest(staffNameTranslationsSchema, { url: '/staff/name-translations', query: { q } });
export const saveNames = (kind: NameTranslationKind, id: string, translations: Translations) =>
  staffRequest(anyAnswer, {
    url: `/staff/name-translations/${kind}/${id}`,
    method: 'PUT',
    data: { translations },
  });

/** Bonus offers (docs/bonus.md): every offer, newest first, with what each has given. */
export const fetchBonusOffers = () =>
  staffRequest(staffBonusOffersSchema, { url: '/staff/bonus/offers' });
export const createBonusOffer = (body: StaffBonusOfferInput) =>
  staffRequest(staffBonusOfferSchema, { url: '/staff/bonus/offers', method: 'POST', data: body });
export const updateBonusOffer = (id: number, body: StaffBonusOfferPatch) =>
  staffRequest(staffBonusOfferSchema, {
    url: `/staff/bonus/offers/${id}`,
    method: 'PATCH',
    data: body,
  });
