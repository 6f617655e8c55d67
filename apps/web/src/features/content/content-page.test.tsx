import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContentPage } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const page = (language: 'en' | 'hi', body: string): ContentPage => ({
  slug: 'privacy',
  language,
  source: 'published',
  version: 3,
  publishedAt: '2026-12-01T10:00:00.000Z',
  title: language === 'hi' ? 'गोपनीयता नीति' : 'Privacy policy',
  body,
});

/** Issue 44 item 1: the operator's pages in the player's language. */
describe('content pages', () => {
  beforeEach(async () => {
    resetStores();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the page in the player language, fetched again when the language changes', async () => {
    const fetchMock = mockApi({
      'GET /api/content/privacy': (url) =>
        ok(
          url.searchParams.get('lang') === 'hi'
            ? page('hi', 'हिंदी **पाठ**')
            : page(
                'en',
                '## Grievance Officer\n\nWrite to [Asha](mailto:asha@spm.example).\n\n<script>alert(1)</script>',
              ),
        ),
    });
    signIn();
    const { container } = renderApp('/privacypolicy');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Grievance Officer' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Privacy policy');
    expect(screen.getByRole('link', { name: 'Asha' })).toHaveAttribute(
      'href',
      'mailto:asha@spm.example',
    );
    expect(screen.getByTestId('content-body')).toHaveTextContent('<script>alert(1)</script>');
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByTestId('privacy-manage-link')).toHaveAttribute('href', '/profile');
    expect(screen.queryByTestId('content-fallback')).toBeNull();

    await act(() => i18n.changeLanguage('hi'));
    await waitFor(() =>
      expect(screen.getByTestId('page-title')).toHaveTextContent('गोपनीयता नीति'),
    );
    expect(screen.getByText('पाठ').tagName).toBe('STRONG');
    const asked = callsTo(fetchMock, 'GET /api/content/privacy').map((call) =>
      call.url.searchParams.get('lang'),
    );
    expect(asked).toEqual(['en', 'hi']);
  });

  it('says so when the text is English for lack of one in the language; no data link for visitors', async () => {
    mockApi({ 'GET /api/content/privacy': ok(page('en', 'English only')) });
    await act(() => i18n.changeLanguage('fr'));
    renderApp('/privacypolicy');
    expect(await screen.findByTestId('content-fallback')).toHaveTextContent(
      'Cette page n’est pas encore rédigée dans votre langue',
    );
    expect(screen.queryByTestId('privacy-manage-link')).toBeNull();
  });

  it('shows an error it can retry, with the route title, when the page cannot be read', async () => {
    let answer = fail(503, 'SERVICE_UNAVAILABLE', 'Down');
    mockApi({
      'GET /api/content/terms': () => answer,
    });
    renderApp('/terms');
    expect(await screen.findByTestId('content-error', {}, { timeout: 5000 })).toHaveTextContent(
      'This page could not be loaded.',
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('Terms');
    answer = ok({ ...page('en', 'Rule one'), slug: 'terms', title: 'Terms and conditions' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rule one')).toBeInTheDocument();
    expect(screen.queryByTestId('content-error')).toBeNull();
  });
});
