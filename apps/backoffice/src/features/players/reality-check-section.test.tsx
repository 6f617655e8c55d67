import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { StaffRealityCheck } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';
import { staffPlayerFixture } from '../../test/staff-player.ts';

const ravi = staffPlayerFixture({
  wallet: { balance: 0, cash: 0, coins: 0, sports: 0, wicket: 0, exposure: 0 },
});

const settings: StaffRealityCheck = {
  realityCheckMinutes: 30,
  sessionLimitMinutes: 120,
  updatedAt: '2026-12-02T09:10:00.000Z',
  changes: [
    {
      at: '2026-12-02T09:10:00.000Z',
      before: { realityCheckMinutes: 15, sessionLimitMinutes: null },
      after: { realityCheckMinutes: 30, sessionLimitMinutes: 120 },
    },
  ],
};

describe("a player's reality check and session time limit (issue 42 item 5)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('are shown read only in the sessions tab, with their changes', async () => {
    const api = mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/reality-check': ok(settings),
      'GET /api/staff/players/1024/sessions': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    await renderApp({ path: '/players/1024?tab=sessions' });
    const section = await screen.findByTestId('player-reality-check');
    expect(await within(section).findByTestId('player-reality-check-interval')).toHaveTextContent(
      '30 min',
    );
    expect(within(section).getByTestId('player-session-limit')).toHaveTextContent('120 min');
    expect(within(section).getByTestId('player-reality-check-changes')).toHaveTextContent(
      'check 15 min, limit Off → check 30 min, limit 120 min',
    );
    // Nothing to change them with.
    expect(within(section).queryByRole('button')).toBeNull();
    expect(api.callsTo('GET /api/staff/players/1024/reality-check')).toHaveLength(1);
  });
});
