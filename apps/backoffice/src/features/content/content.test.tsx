import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CONTENT_PAGES,
  CONTENT_SLUGS,
  LANGUAGES,
  type StaffContentPages,
  type StaffContentVersion,
} from '@spm/contract';
import { ContentPagesPage } from './index.ts';
import { callsTo, mockApi, ok, renderPage, signInAsAdmin } from '../../test/feature-harness.tsx';

const grid: StaffContentPages = {
  pages: CONTENT_SLUGS.map((slug) => ({
    slug,
    path: CONTENT_PAGES[slug],
    languages: LANGUAGES.map((language) => ({
      language,
      published:
        slug === 'terms' && language === 'en'
          ? { version: 2, at: '2026-11-20T10:00:00.000Z', by: 'root.admin' }
          : null,
      draft: null,
      hasDefault: language === 'en',
    })),
  })),
};

const version = (overrides: Partial<StaffContentVersion>): StaffContentVersion => ({
  slug: 'terms',
  language: 'hi',
  version: 1,
  status: 'draft',
  title: 'नियम',
  body: 'पाठ',
  createdAt: '2026-12-01T10:00:00.000Z',
  createdBy: 'admin',
  updatedAt: '2026-12-01T10:00:00.000Z',
  publishedAt: null,
  publishedBy: null,
  ...overrides,
});

beforeEach(() => signInAsAdmin());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Content pages (issue 44 item 1)', () => {
  it('edits a page in a language with a live preview, then saves it as a draft and publishes it', async () => {
    const published = version({
      status: 'published',
      title: 'नियम और शर्तें',
      body: '**पहला** नियम',
      publishedAt: '2026-12-01T10:05:00.000Z',
      publishedBy: 'admin',
    });
    const fetchMock = mockApi({
      'GET /api/staff/content': ok(grid),
      'GET /api/staff/content/terms/hi': ok({
        items: [],
        page: 1,
        pageSize: 10,
        total: 0,
        builtIn: null,
      }),
      'POST /api/staff/content/preview': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { title: string; body: string };
        return ok({ title: body.title, body: body.body.replace('{{BRAND_NAME}}', 'SPM Sports') });
      },
      'PUT /api/staff/content/terms/hi/draft': ok(version({ title: published.title })),
      'POST /api/staff/content/terms/hi/versions/1/publish': ok(published),
    });
    renderPage(<ContentPagesPage />);
    const cells = await screen.findByTestId('content-grid');
    expect(within(cells).getByTestId('content-cell-terms-en')).toHaveTextContent('Published v2');
    expect(within(cells).getByTestId('content-cell-terms-hi')).toHaveTextContent('English shown');

    fireEvent.click(within(cells).getByTestId('content-cell-terms-hi'));
    const editor = await screen.findByTestId('content-editor');
    expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Terms and conditions in हिन्दी',
    );
    fireEvent.change(await screen.findByTestId('content-title'), {
      target: { value: 'नियम और शर्तें' },
    });
    fireEvent.change(screen.getByTestId('content-body-input'), {
      target: { value: '**{{BRAND_NAME}}** <img src=x onerror="alert(1)">' },
    });
    const preview = screen.getByTestId('content-preview');
    await waitFor(() => expect(within(preview).getByText('SPM Sports').tagName).toBe('STRONG'));
    expect(preview.querySelector('img')).toBeNull();
    expect(preview).toHaveTextContent('<img src=x onerror="alert(1)">');

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: players now see version 1')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/staff/content/terms/hi/draft')[0]?.body).toEqual({
      title: 'नियम और शर्तें',
      body: '**{{BRAND_NAME}}** <img src=x onerror="alert(1)">',
    });
    expect(callsTo(fetchMock, 'POST /api/staff/content/terms/hi/versions/1/publish')).toHaveLength(
      1,
    );
    // The grid and the history are read again after the publish.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/staff/content').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('lists the history with who published and when, and shows an old version', async () => {
    const old = version({
      version: 1,
      status: 'published',
      body: 'पुराना **पाठ**',
      publishedAt: '2026-11-01T10:00:00.000Z',
      publishedBy: 'asha',
    });
    mockApi({
      'GET /api/staff/content': ok(grid),
      'GET /api/staff/content/terms/hi': ok({
        items: [version({ version: 2, createdBy: 'ravi' }), old],
        page: 1,
        pageSize: 10,
        total: 2,
        builtIn: null,
      }),
      'POST /api/staff/content/preview': ok({ title: 'नियम', body: 'पाठ' }),
    });
    renderPage(<ContentPagesPage />);
    fireEvent.click(await screen.findByTestId('content-cell-terms-hi'));
    const history = await screen.findByTestId('content-history');
    const rows = within(history).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/2.*Draft.*ravi/);
    expect(rows[2]).toHaveTextContent(/1.*Published.*asha.*1 Nov 2026/);
    // The editor starts from the latest version, the draft.
    expect(screen.getByTestId('content-body-input')).toHaveValue('पाठ');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'View' }));
    const view = await screen.findByTestId('content-version-view');
    expect(within(view).getByText('पाठ').tagName).toBe('STRONG');
  });
});
