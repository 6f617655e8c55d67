import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { useAppStore } from '@/shared/stores/app-store';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { playerProfile } from '@/test/fixtures';
import { forgetRendererScripts } from './lib/bt-renderer';
import {
  LAUNCH,
  SCRIPT_URL,
  fakeRendererClass,
  playerLaunch,
  rendererScript,
  visitorLaunch,
} from './sportsbook-test-data';
import type { FakeRun } from './sportsbook-test-data';

let runs: FakeRun[];

/** The page's script tag, once it is there; `load` runs the fake renderer script. */
async function scriptTag(): Promise<HTMLScriptElement> {
  await waitFor(() => expect(rendererScript()).not.toBeNull());
  return rendererScript()!;
}

async function loadScript(): Promise<void> {
  const script = await scriptTag();
  expect(script.getAttribute('src')).toBe(SCRIPT_URL);
  window.BTRenderer = fakeRendererClass(runs);
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
}

describe('/betby, Betby’s sportsbook', () => {
  beforeEach(() => {
    resetStores();
    runs = [];
  });

  afterEach(() => {
    forgetRendererScripts();
    delete window.BTRenderer;
  });

  it('starts the renderer with the brand, the token, the language, the theme and its target; kills it on leaving', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      [LAUNCH]: ok(playerLaunch),
    });
    signIn();
    const view = renderApp('/betby');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports Betting' })).toBeVisible();
    const page = screen.getByTestId('betby-page');
    expect(within(page).getByRole('status')).toBeInTheDocument();
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
    const [run] = runs;
    const { brand_id, token, lang, themeName, target } = run!.options;
    expect({ brand_id, token, lang, themeName }).toEqual({
      brand_id: 'brand-42',
      token: 'bt-token-1',
      lang: 'en',
      themeName: 'dark',
    });
    // Compared by identity: a deep comparison of two DOM nodes walks the whole document.
    expect(target === screen.getByTestId('betby-target')).toBe(true);
    expect(within(page).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('betby-play-money')).not.toBeInTheDocument();
    expect(screen.getByTestId('betby-bets-link')).toHaveAttribute('href', '/sportsbook2');
    expect(callsTo(fetchMock, LAUNCH)).toHaveLength(1);

    // Betby asks for a new token: the launch is read again, the renderer keeps running.
    fetchMock.mockClear();
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [LAUNCH]: ok({ ...playerLaunch, token: 'bt-token-2' }),
    });
    await expect(run!.options.onTokenExpired()).resolves.toBe('bt-token-2');
    expect(runs).toHaveLength(1);
    expect(run!.kill).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('betby-bets-link'));
    await screen.findByTestId('sportsbook-page');
    expect(run!.kill).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('kills and starts again in the new language, and after a visitor signs in', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [LAUNCH]: (_url, init) => {
        const headers = new Headers(init?.headers);
        return ok(headers.get('authorization') ? playerLaunch : visitorLaunch);
      },
    });
    renderApp('/betby');
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
    // A visitor: no token at all, so Betby shows its lines and asks to sign in to bet.
    expect(runs[0]!.options).not.toHaveProperty('token');

    await act(async () => {
      await i18n.changeLanguage('hi');
    });
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[0]!.kill).toHaveBeenCalledTimes(1);
    expect(runs[1]!.options.lang).toBe('hi');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(runs).toHaveLength(3));

    act(() => signIn());
    await waitFor(() => expect(runs).toHaveLength(4));
    expect(runs[2]!.kill).toHaveBeenCalledTimes(1);
    expect(runs[3]!.options.token).toBe('bt-token-1');
    // The script ran once for all of it.
    expect(document.head.querySelectorAll('script[data-bt-renderer]')).toHaveLength(1);
  });

  it('sends a visitor who wants to bet to sign in, and back to /betby after', async () => {
    mockApi({ [LAUNCH]: ok(visitorLaunch) });
    renderApp('/betby');
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
    act(() => runs[0]!.options.onLogin());
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?return=%2Fbetby'),
    );
    await waitFor(() => expect(useAppStore.getState().activeAuthModal).toBe('login'));
    expect(runs[0]!.kill).toHaveBeenCalledTimes(1);
  });

  it('opens the register dialog from Betby’s Register', async () => {
    mockApi({ [LAUNCH]: ok(visitorLaunch) });
    renderApp('/betby');
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
    act(() => runs[0]!.options.onRegister());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register'));
    await waitFor(() => expect(useAppStore.getState().activeAuthModal).toBe('register'));
  });

  it('shows an error with Retry when the script does not load, and loads it again', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/profile': ok(playerProfile), [LAUNCH]: ok(playerLaunch) });
    signIn();
    renderApp('/betby');
    const first = await scriptTag();
    act(() => {
      first.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByTestId('betby-error')).toHaveTextContent(
      'The sportsbook could not be loaded. Check your connection and try again.',
    );
    // The failed tag is gone, so Retry adds a new one.
    expect(rendererScript()).toBeNull();
    await user.click(screen.getByTestId('betby-error-retry'));
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(screen.queryByTestId('betby-error')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the launch fails', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi({
      [LAUNCH]: () =>
        failing
          ? fail(503, 'SPORTSBOOK_UNAVAILABLE', 'Sportsbook unavailable.')
          : ok(visitorLaunch),
    });
    renderApp('/betby');
    expect(await screen.findByTestId('betby-error')).toHaveTextContent(
      'The sportsbook could not be opened.',
    );
    expect(rendererScript()).toBeNull();
    failing = false;
    await user.click(screen.getByTestId('betby-error-retry'));
    await loadScript();
    await waitFor(() => expect(runs).toHaveLength(1));
  });

  it('says bets are in points on a play-money account, and when the stand-in draws the book', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [LAUNCH]: ok({ ...playerLaunch, playMoney: true, standIn: true }),
    });
    signIn();
    renderApp('/betby');
    expect(await screen.findByTestId('betby-play-money')).toHaveTextContent(
      'You are betting in points (play money)',
    );
    expect(screen.getByTestId('betby-stand-in')).toHaveTextContent("The platform's own book");
  });
});
