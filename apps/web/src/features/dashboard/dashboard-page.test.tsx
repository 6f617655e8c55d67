import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayerDashboard, StatementEntry } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useSiteMoneyModeStore } from '@/shared/stores/site-money-mode';
import { playerProfile } from '@/test/fixtures';
import { callsTo, liveAppDetails, mockApi, noLimitsState, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const DASHBOARD = 'GET /api/dashboard';

const movement = (index: number): StatementEntry => ({
  id: String(100 - index),
  // Newest first, one minute apart, on 10 May (India).
  time: new Date(Date.UTC(2024, 4, 10, 9, 59 - index)).toISOString(),
  type: 'deposit',
  kind: 'deposit',
  wallet: 'cash',
  description: `UPI deposit ${index}`,
  reference: `REF-${index}`,
  credit: 100 + index,
  debit: 0,
  balanceAfter: 5000 - index,
});

const empty: PlayerDashboard = {
  wallet: { balance: 0, cash: 0, coins: 0, sports: 0, wicket: 0, exposure: 0 },
  playMoney: false,
  openBets: {
    sports: [],
    casino: [],
    crash: [],
    sportsbook: [],
    more: { sports: false, casino: false, crash: false, sportsbook: false },
  },
  limits: noLimitsState.limits,
  session: {
    realityCheckMinutes: null,
    sessionLimitMinutes: null,
    updatedAt: null,
    sessionStartedAt: '2024-05-10T08:00:00.000Z',
    sessionEndsAt: '2024-05-11T08:00:00.000Z',
  },
  movements: [],
};

const full: PlayerDashboard = {
  ...empty,
  wallet: { balance: 4800, cash: 4800, coins: 0, sports: 0, wicket: 0, exposure: 150 },
  openBets: {
    sports: [
      {
        id: '7',
        eventId: '42',
        eventName: 'India v Australia',
        marketId: '9',
        marketName: 'Match Odds',
        marketType: 'match_odds',
        runnerName: 'India',
        side: 'back',
        price: 2.5,
        line: null,
        stake: 100,
        matchedStake: 40,
        unmatchedStake: 60,
        status: 'partially_matched',
        profitLoss: null,
        commissionPercent: 2,
        placedAt: '2024-05-10T09:00:00.000Z',
        settledAt: null,
      },
    ],
    casino: [
      {
        id: '3',
        providerRoundId: 'r-1',
        gameId: 'teen-patti',
        gameName: 'Teen Patti',
        providerName: 'SPM Games',
        status: 'open',
        staked: 200,
        won: 0,
        refunded: 0,
        playMoney: false,
        startedAt: '2024-05-10T09:10:00.000Z',
        closedAt: null,
        spm: null,
      },
    ],
    crash: [
      {
        id: 'abc',
        roundId: '77',
        panel: 0,
        player: 'ra***vi',
        stake: 50,
        autoCashOut: 2,
        status: 'active',
        cashOutMultiplier: null,
        payout: null,
        mine: true,
        crashPoint: null,
        placedAt: '2024-05-10T09:20:00.000Z',
      },
    ],
    sportsbook: [
      {
        id: 9,
        betId: 'tx-9',
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
        placedAt: '2024-05-10T09:25:00.000Z',
        settledAt: null,
      },
    ],
    more: { sports: false, casino: false, crash: false, sportsbook: false },
  },
  limits: noLimitsState.limits.map((view) =>
    view.name === 'stake-24h' ? { ...view, amount: 1000, used: 350 } : view,
  ),
  session: { ...empty.session, sessionLimitMinutes: 120 },
  movements: Array.from({ length: 10 }, (_, index) => movement(index)),
};

function openDashboard(answer: MockRoute, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    [DASHBOARD]: answer,
    ...routes,
  });
  signIn();
  renderApp('/dashboard');
  return fetchMock;
}

const walletOf = (balance: number, exposure: number) => ({
  balance,
  cash: balance,
  coins: 0,
  sports: 0,
  wicket: 0,
  exposure,
});

describe('dashboard (issue 44 item 4)', () => {
  beforeEach(() => resetStores());

  it('shows the live balance, every product’s open bets with their links, limits and the last ten movements', async () => {
    const fetchMock = openDashboard(ok(full));
    act(() => useAuthStore.getState().setWallet(walletOf(4800, 150)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await screen.findByTestId('dash-sports-bet');
    expect(screen.getByTestId('dash-balance')).toHaveTextContent('4,800.00');
    expect(screen.getByTestId('dash-exposure')).toHaveTextContent('150.00');

    const sports = screen.getByTestId('dash-sports-bet');
    expect(sports).toHaveTextContent('India v Australia');
    expect(sports).toHaveTextContent('Exchange · Match Odds · India');
    expect(sports).toHaveTextContent('Unmatched 60.00');
    expect(within(sports).getByRole('link')).toHaveAttribute('href', '/exchange/42');
    expect(screen.getByTestId('dash-sports-link')).toHaveAttribute('href', '/mybets');
    const casino = screen.getByTestId('dash-casino-round');
    expect(casino).toHaveTextContent('Teen Patti');
    expect(casino).toHaveTextContent('Staked 200.00');
    expect(within(casino).getByRole('link')).toHaveAttribute('href', '/mybets/casino');
    const crash = screen.getByTestId('dash-crash-bet');
    expect(crash).toHaveTextContent('Round 77');
    expect(within(crash).getByRole('link')).toHaveAttribute('href', '/aviatorgames');
    const sportsbook = screen.getByTestId('dash-sportsbook-bet');
    expect(sportsbook).toHaveTextContent('Accumulator of 2 @ 3.70');
    expect(sportsbook).toHaveTextContent('Mumbai, Punjab');
    expect(sportsbook).toHaveTextContent('To win 370.00');
    expect(within(sportsbook).getByRole('link')).toHaveAttribute('href', '/sportsbook2');

    const limit = screen.getByTestId('dash-limit-stake-24h');
    expect(limit).toHaveTextContent('350.00 of 1,000.00 used');
    expect(limit).toHaveTextContent('650.00 left');
    expect(screen.queryByTestId('dash-limit-deposit-24h')).not.toBeInTheDocument();
    expect(screen.getByTestId('dash-limits-link')).toHaveAttribute('href', '/profile#safer-play');
    expect(screen.getByTestId('dash-session-limit')).toHaveTextContent('2 hours');

    const rows = screen.getAllByTestId('dash-movement');
    expect(rows.map((row) => row.dataset.entryId)).toEqual(full.movements.map((m) => m.id));
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/statement?day=2024-05-10&entry=100',
    );
    expect(callsTo(fetchMock, DASHBOARD)).toHaveLength(1);

    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByText('खुले दांव')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('reads the dashboard again once after a burst of realtime wallet changes', async () => {
    const fetchMock = openDashboard(ok(full));
    await screen.findByTestId('dash-sports-bet');
    act(() => {
      for (let balance = 1; balance <= 5; balance += 1) {
        useAuthStore.getState().setWallet(walletOf(balance, 0));
      }
    });
    expect(screen.getByTestId('dash-balance')).toHaveTextContent('5.00');
    await waitFor(() => expect(callsTo(fetchMock, DASHBOARD)).toHaveLength(2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(callsTo(fetchMock, DASHBOARD)).toHaveLength(2);
  });

  it('says so for each empty section', async () => {
    openDashboard(ok(empty));
    for (const id of ['sports', 'casino', 'crash', 'sportsbook', 'limits', 'movements']) {
      expect(await screen.findByTestId(`dash-${id}-empty`)).toBeVisible();
    }
    expect(screen.getByTestId('dash-sports-empty')).toHaveTextContent('No open sports bets.');
    expect(screen.queryByTestId('dash-play-money')).not.toBeInTheDocument();
  });

  it('counts in points on a play-money site', async () => {
    openDashboard(ok({ ...empty, playMoney: true }), {
      'GET /api/getAppDetails': ok({ ...liveAppDetails, moneyMode: 'play' }),
    });
    expect(await screen.findByTestId('dash-play-money')).toHaveTextContent(
      'You play for points: they have no cash value.',
    );
    await waitFor(() => expect(useSiteMoneyModeStore.getState().mode).toBe('play'));
    expect(screen.getByTestId('dash-balance')).toHaveTextContent('0.00 points');
    expect(screen.getByTestId('dash-money')).toHaveTextContent('Points');
  });

  it('opens a movement in the statement, on its day, with the line shown', async () => {
    const user = userEvent.setup();
    openDashboard(ok(full));
    const rows = await screen.findAllByTestId('dash-movement');
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [DASHBOARD]: ok(full),
      'GET /api/getAccountstatement/2024-05-10/2024-05-10': ok({
        items: full.movements,
        page: 1,
        pageSize: 20,
        total: 10,
      }),
    });
    await user.click(within(rows[2]!).getByRole('link'));
    const detail = await screen.findByTestId('statement-detail');
    expect(detail).toHaveTextContent('UPI deposit 2');
    expect(detail).toHaveTextContent('REF-2');
    expect(screen.getByTestId('statement-from')).toHaveValue('2024-05-10');
    const opened = screen
      .getAllByTestId('statement-row')
      .filter((row) => row.getAttribute('aria-current') === 'true');
    expect(opened.map((row) => row.dataset.entryId)).toEqual(['98']);
  });
});
