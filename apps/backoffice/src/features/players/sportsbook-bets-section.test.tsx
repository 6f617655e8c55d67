import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { StaffSportsbookBetList } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';
import { staffPlayerFixture } from '../../test/staff-player.ts';

const ravi = staffPlayerFixture();
const sportsbookBets: StaffSportsbookBetList = {
  items: [
    {
      id: 2,
      betId: 'tx-2',
      status: 'open',
      slipType: '2/2',
      totalOdds: '3.70',
      stakePoints: 100,
      potentialWinPoints: 370,
      payoutPoints: null,
      playMoney: false,
      legs: [
        {
          eventName: 'Mumbai v Chennai',
          marketName: 'Match winner',
          outcomeName: 'Mumbai',
          odds: '1.85',
          live: true,
        },
        {
          eventName: 'Delhi v Punjab',
          marketName: 'Match winner',
          outcomeName: 'Punjab',
          odds: '2.00',
          live: false,
        },
      ],
      placedAt: '2026-11-20T10:00:00.000Z',
      settledAt: null,
    },
    {
      id: 1,
      betId: 'tx-1',
      status: 'won',
      slipType: '1/1',
      totalOdds: '1.50',
      stakePoints: 200,
      potentialWinPoints: 300,
      payoutPoints: 300,
      playMoney: false,
      legs: [
        {
          eventName: 'India v Australia',
          marketName: 'Match winner',
          outcomeName: 'India',
          odds: '1.50',
          live: false,
        },
      ],
      placedAt: '2026-11-19T10:00:00.000Z',
      settledAt: '2026-11-19T18:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 2,
};

describe("a player's sportsbook bets", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('lists each slip with its selections, stake, what it may win and what it paid', async () => {
    mockApi({
      'GET /api/staff/players/1024': ok(ravi),
      'GET /api/staff/players/1024/bets': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
      'GET /api/staff/players/1024/sportsbook-bets': ok(sportsbookBets),
    });
    await renderApp({ path: '/players/1024?tab=bets' });
    const table = await screen.findByTestId('sportsbook-bets-table', {}, { timeout: 5_000 });
    await within(table).findByText('Accumulator of 2');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(
      /Accumulator of 2.*Mumbai v Chennai · Match winner · Mumbai @ 1\.85.*Punjab @ 2\.00.*3\.70.*100\.00.*370\.00.*—.*Open/,
    );
    expect(rows[2]).toHaveTextContent(/Single.*India @ 1\.50.*200\.00.*300\.00.*300\.00.*Won/);
  });
});
