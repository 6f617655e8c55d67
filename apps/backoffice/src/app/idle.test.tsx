import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useAuthStore } from '../shared/auth-store.ts';
import { adminMe, fail, mockApi, ok } from '../test/mock-api.ts';
import { renderApp, resetSession } from '../test/render.tsx';

const MINUTE = 60_000;

/** Lets timers and the promises they start run, inside act. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('idle time-out', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('warns a minute before and signs out after the idle minutes without activity', async () => {
    const api = mockApi({ 'GET /api/staff/me': ok({ ...adminMe, idleTimeoutMinutes: 5 }) });
    const { router } = await renderApp({ path: '/' });
    await advance(100);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // Activity at 3 minutes moves the deadline to 8 minutes.
    await advance(3 * MINUTE);
    fireEvent.keyDown(window, { key: 'Shift' });
    await advance(3 * MINUTE + 30_000);
    expect(screen.queryByRole('dialog')).toBeNull();

    // 4 minutes after the activity the warning comes, counting down.
    await advance(30_000 + 1_000);
    expect(screen.getByRole('dialog', { name: 'Still there?' })).toBeVisible();
    expect(screen.getByText(/signed out in (59|60) seconds/)).toBeVisible();

    // Nothing else happens: at the fifth minute the session ends.
    await advance(MINUTE);
    expect(useAuthStore.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out because you were inactive.',
    );
    expect(api.callsTo('POST /api/staff/logout')[0]?.headers.authorization).toBe('staff-token');
  });

  it('keeps the session when the member moves during the warning', async () => {
    mockApi({ 'GET /api/staff/me': ok({ ...adminMe, idleTimeoutMinutes: 2 }) });
    await renderApp({ path: '/' });
    await advance(100);
    await advance(MINUTE + 1_000);
    expect(screen.getByRole('dialog', { name: 'Still there?' })).toBeVisible();

    fireEvent.pointerMove(window);
    await advance(10);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(MINUTE);
    expect(useAuthStore.getState().token).toBe('staff-token');

    // "Stay signed in" counts too.
    await advance(20_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(MINUTE);
    expect(useAuthStore.getState().token).toBe('staff-token');
  });

  it("signs out when the server answers 401 (the server's own idle expiry)", async () => {
    mockApi({
      'GET /api/staff/dashboard': fail(401, 'SESSION_EXPIRED', 'Your session has expired.'),
    });
    const { router } = await renderApp({ path: '/' });
    await advance(100);
    expect(useAuthStore.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended.');
  });
});
