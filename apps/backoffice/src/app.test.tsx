import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from './app.tsx';
import { backofficeResources, initI18n } from './i18n.ts';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const appDetails = {
  OTP: 0,
  IS_EMAIL: 0,
  LOGO_URL: '/api/media/logo.svg',
  BRAND_STATUS: 'active',
  BRAND_NAME: 'SPM Sports',
  WHATS_APP_URL: '',
  TELEGRAM: '',
  INSTATGRAM: '',
  FACEBOOK: '',
  organisationStatus: 'maintenance',
};

describe('back office system status', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows API, database and site status from the server', async () => {
    initI18n();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/healthz') return answer(200, { data: { status: 'ok' }, error: false });
        if (url === '/api/readyz') return answer(503, { data: null, error: true });
        return answer(200, { data: appDetails, error: false });
      }),
    );
    render(<App />);
    await waitFor(() => expect(screen.getByTestId('status-api')).toHaveTextContent('OK'));
    expect(screen.getByTestId('status-db')).toHaveTextContent('Down');
    expect(screen.getByTestId('status-organisation')).toHaveTextContent('Maintenance');
  });

  it('keeps all eight locale files on the same keys', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        typeof inner === 'object' && inner !== null
          ? keys(inner, `${prefix}${key}.`)
          : [`${prefix}${key}`],
      );
    const english = keys(backofficeResources.en).sort();
    for (const [language, text] of Object.entries(backofficeResources)) {
      expect(keys(text).sort(), language).toEqual(english);
    }
  });
});
