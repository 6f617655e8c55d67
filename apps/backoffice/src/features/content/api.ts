import {
  staffContentHistorySchema,
  staffContentPagesSchema,
  staffContentPreviewSchema,
  staffContentPublishedSchema,
  staffContentVersionSchema,
  type ContentSlug,
  type Language,
  type StaffContentText,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const HISTORY_PAGE_SIZE = 10;

export interface PageLanguage {
  slug: ContentSlug;
  language: Language;
}

export const contentKeys = {
  pages: ['content', 'pages'] as const,
  history: (target: PageLanguage, page: number) =>
    ['content', 'history', target.slug, target.language, page] as const,
  historyOf: (target: PageLanguage) =>
    ['content', 'history', target.slug, target.language] as const,
  preview: (text: StaffContentText) => ['content', 'preview', text.title, text.body] as const,
};

const pagePath = (target: PageLanguage) =>
  `/staff/content/${encodeURIComponent(target.slug)}/${encodeURIComponent(target.language)}`;

export const fetchContentPages = () =>
  staffRequest(staffContentPagesSchema, { url: '/staff/content' });

export const fetchContentHistory = (target: PageLanguage, page: number) =>
  staffRequest(staffContentHistorySchema, {
    url: pagePath(target),
    query: { page, pageSize: HISTORY_PAGE_SIZE },
  });

export const saveContentDraft = (target: PageLanguage, text: StaffContentText) =>
  staffRequest(staffContentVersionSchema, {
    url: `${pagePath(target)}/draft`,
    method: 'PUT',
    data: text,
  });

export const publishContentVersion = (target: PageLanguage, version: number) =>
  staffRequest(staffContentPublishedSchema, {
    url: `${pagePath(target)}/versions/${version}/publish`,
    method: 'POST',
  });

export const previewContent = (text: StaffContentText) =>
  staffRequest(staffContentPreviewSchema, {
    url: '/staff/content/preview',
    method: 'POST',
    data: text,
  });
