import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  agentMe,
  bonusClaimFixture,
  fail,
  mockApi,
  ok,
  staffPlayerBonusesFixture,
} from '../../test/mock-api.ts';
import { agentStaff, renderApp, resetSession } from '../../test/render.tsx';
import { staffPlayerFixture } from '../../test/staff-player.ts';

const ravi = staffPlayerFixture();
const bonuses = staffPlayerBonusesFixture();

async function claimRows() {
  // The player page is loaded on first visit; a loaded machine can take more than a second.
  const table = await screen.findByTestId('player-bonuses-claims', {}, { timeout: 5_000 });
  await within(table).findByText('Welcome bonus');
  return within(table).getAllByRole('row');
}

describe("a player's bonuses", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows the coins and every bonus with its wagering and what became of it', async () => {
    mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/bonuses': ok(bonuses),
    });
    await renderApp({ path: '/players/1024?tab=wallet' });
    const rows = await claimRows();
    expect(screen.getByTestId('player-bonuses')).toHaveTextContent('Bonus coins640.00');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(
      /Welcome bonus.*Active.*1,000\.00.*4,500\.00 \/ 10,000\.00.*—.*20 Nov 2026.*20 Dec 2026.*—/,
    );
    expect(rows[2]).toHaveTextContent(/Referral reward.*Completed.*100\.00.*Converted: 100\.00/);
    expect(rows[3]).toHaveTextContent(/Deposit bonus.*Expired.*50\.00.*Forfeited: 38\.75/);
    // Only a bonus that has not ended can be cancelled.
    expect(within(rows[1]!).getByRole('button', { name: 'Cancel bonus' })).toBeVisible();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[3]!).queryByRole('button')).toBeNull();
  });

  it('cancels a bonus after the dialog says what is forfeited, and keeps a failure in it', async () => {
    let current = bonuses;
    let attempts = 0;
    const api = mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/bonuses': () => ok(current),
      'POST /api/staff/bonus/claims/31/cancel': () => {
        attempts += 1;
        if (attempts === 1) return fail(409, 'BONUS_CLAIM_ENDED', 'This bonus has ended already.');
        const cancelled = bonusClaimFixture({
          status: 'cancelled',
          forfeitedPoints: 640,
          endedAt: '2026-11-25T06:00:00.000Z',
        });
        current = { coinsPoints: 0, claims: [cancelled, ...bonuses.claims.slice(1)] };
        return ok(cancelled);
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/players/1024?tab=wallet' });
    const [, active] = await claimRows();

    await user.click(within(active!).getByRole('button', { name: 'Cancel bonus' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this bonus?' });
    expect(dialog).toHaveTextContent(
      '“Welcome bonus” ends now: the bonus coins left (640.00) are forfeited and never become cash.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /api/staff/bonus/claims/31/cancel')).toHaveLength(0);

    await user.click(within(active!).getByRole('button', { name: 'Cancel bonus' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this bonus?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This bonus has ended already.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/staff/bonus/claims/31/cancel')).toHaveLength(2);
    const rows = within(screen.getByTestId('player-bonuses-claims')).getAllByRole('row');
    await waitFor(() => expect(rows[1]).toHaveTextContent(/Cancelled.*Forfeited: 640\.00/));
    expect(screen.getByTestId('player-bonuses')).toHaveTextContent('Bonus coins0.00');
  });

  it('shows an agent the bonuses without a Cancel button', async () => {
    mockApi({
      'GET /api/staff/me': ok(agentMe),
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/bonuses': ok(bonuses),
    });
    await renderApp({ path: '/players/1024?tab=wallet', staff: agentStaff });
    await claimRows();
    expect(
      within(screen.getByTestId('player-bonuses')).queryByRole('button', { name: 'Cancel bonus' }),
    ).toBeNull();
  });
});
