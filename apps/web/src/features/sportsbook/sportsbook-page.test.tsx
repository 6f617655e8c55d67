import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@/shared/stores/app-store';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { playerProfile } from '@/test/fixtures';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { BETS, betsPage, openAccumulator, wonSingle } from './sportsbook-test-data';

/** The player's bets: open ones on page 1 and 2, one settled. */
const betsRoute: MockRoute = (url) => {
  const status = url.searchParams.get('status');
  const page = Number(url.searchParams.get('page'));
  if (status === 'settled') return ok(betsPage([wonSingle]));
  return page === 1
    ? ok(betsPage([openAccumulator], 1, true))
    : ok(
        betsPage(
          [
            {
              ...openAccumulator,
              id: 12,
              betId: 'slip-12',
              slipType: '1/1',
              legs: [openAccumulator.legs[1]!],
            },
          ],
          2,
          false,
        ),
      );
};

function openAsPlayer(path: string, routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    [BETS]: betsRoute,
    ...routes,
  });
  signIn();
  renderApp(path);
  return fetchMock;
}

describe('/sportsbook2, the player’s sportsbook bets', () => {
  beforeEach(() => resetStores());

  it('is reached from the account menu', async () => {
    const user = userEvent.setup();
    openAsPlayer('/profile');
    await user.click(await screen.findByTestId('account-menu'));
    await user.click(screen.getByTestId('sportsbook-menu-link'));
    expect(await screen.findByTestId('sportsbook-page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sportsbook2');
    expect(screen.getByRole('heading', { level: 1, name: 'Sportsbook' })).toBeVisible();
    expect(screen.getByTestId('sportsbook-open')).toHaveAttribute('href', '/betby');
  });

  it('lists the open bets with their legs and money, then more of them', async () => {
    const user = userEvent.setup();
    const fetchMock = openAsPlayer('/sportsbook2');
    const [bet] = await screen.findAllByTestId('sportsbook-bet');
    expect(screen.getByTestId('sportsbook-tab-open')).toHaveAttribute('aria-selected', 'true');
    expect(within(bet!).getByTestId('sportsbook-bet-type')).toHaveTextContent('Accumulator of 2');
    expect(within(bet!).getByTestId('sportsbook-bet-status')).toHaveTextContent('Open');
    expect(within(bet!).getByTestId('sportsbook-bet-stat-odds')).toHaveTextContent(
      'Total odds3.42',
    );
    expect(within(bet!).getByTestId('sportsbook-bet-stat-stake')).toHaveTextContent('Stake100.00');
    expect(within(bet!).getByTestId('sportsbook-bet-stat-potential')).toHaveTextContent(
      'Potential win342.00',
    );
    // Open: nothing paid yet, nor settled.
    expect(within(bet!).queryByTestId('sportsbook-bet-stat-payout')).not.toBeInTheDocument();
    expect(within(bet!).queryByTestId('sportsbook-bet-settled')).not.toBeInTheDocument();
    expect(within(bet!).getByTestId('sportsbook-bet-placed').querySelector('time')).toHaveAttribute(
      'dateTime',
      openAccumulator.placedAt,
    );
    const legs = within(bet!).getAllByTestId('sportsbook-leg');
    expect(legs).toHaveLength(2);
    expect(within(legs[0]!).getByTestId('sportsbook-leg-event')).toHaveTextContent(
      'Mumbai Indians vs Chennai Super KingsLive',
    );
    expect(within(legs[0]!).getByTestId('sportsbook-leg-pick')).toHaveTextContent(
      'Match winner: Mumbai Indians',
    );
    expect(within(legs[0]!).getByTestId('sportsbook-leg-odds')).toHaveTextContent('1.80');
    expect(within(legs[1]!).queryByTestId('sportsbook-leg-live')).not.toBeInTheDocument();

    // "More" appends page 2 and goes away when there is no more.
    await user.click(screen.getByTestId('sportsbook-bets-more'));
    await waitFor(() => expect(screen.getAllByTestId('sportsbook-bet')).toHaveLength(2));
    expect(screen.getAllByTestId('sportsbook-bet-type')[1]).toHaveTextContent('Single');
    expect(screen.queryByTestId('sportsbook-bets-more')).not.toBeInTheDocument();
    const pages = callsTo(fetchMock, BETS).map((call) => call.url.searchParams.toString());
    expect(pages).toEqual(['status=open&page=1', 'status=open&page=2']);
  });

  it('lists the settled bets with their payout and settled time', async () => {
    const user = userEvent.setup();
    openAsPlayer('/sportsbook2');
    await screen.findAllByTestId('sportsbook-bet');
    await user.click(screen.getByTestId('sportsbook-tab-settled'));
    await waitFor(() =>
      expect(screen.getByTestId('sportsbook-bet')).toHaveAttribute('data-status', 'won'),
    );
    const bet = screen.getByTestId('sportsbook-bet');
    expect(screen.getByTestId('sportsbook-tab-settled')).toHaveAttribute('aria-selected', 'true');
    expect(within(bet).getByTestId('sportsbook-bet-status')).toHaveTextContent('Won');
    expect(within(bet).getByTestId('sportsbook-bet-type')).toHaveTextContent('Single');
    expect(within(bet).getByTestId('sportsbook-bet-stat-payout')).toHaveTextContent(
      'Paid out525.00',
    );
    expect(within(bet).getByTestId('sportsbook-bet-settled').querySelector('time')).toHaveAttribute(
      'dateTime',
      wonSingle.settledAt,
    );
    expect(screen.queryByTestId('sportsbook-bets-more')).not.toBeInTheDocument();
  });

  it('names every status', async () => {
    const statuses = ['lost', 'refunded', 'cashed_out', 'discarded'] as const;
    openAsPlayer('/sportsbook2', {
      [BETS]: ok(
        betsPage(statuses.map((status, index) => ({ ...wonSingle, id: 20 + index, status }))),
      ),
    });
    const badges = await screen.findAllByTestId('sportsbook-bet-status');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Lost',
      'Refunded',
      'Cashed out',
      'Discarded',
    ]);
  });

  it('shows points on a play-money bet', async () => {
    openAsPlayer('/sportsbook2', {
      [BETS]: ok(betsPage([{ ...openAccumulator, playMoney: true }])),
    });
    expect(await screen.findByTestId('sportsbook-bet-stat-stake')).toHaveTextContent(
      'Stake100.00 points',
    );
  });

  it('says so when there is no bet, with the way to the sportsbook', async () => {
    openAsPlayer('/sportsbook2', { [BETS]: ok(betsPage([])) });
    expect(await screen.findByTestId('sportsbook-bets-empty')).toHaveTextContent(
      'You have no open sportsbook bets.',
    );
    expect(screen.getByTestId('sportsbook-empty-link')).toHaveAttribute('href', '/betby');
  });

  it('shows a failed read with Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    openAsPlayer('/sportsbook2', {
      [BETS]: () =>
        failing ? fail(500, 'INTERNAL', 'Something went wrong.') : ok(betsPage([wonSingle])),
    });
    expect(await screen.findByTestId('sportsbook-bets-error')).toHaveTextContent(
      'Your sportsbook bets could not be loaded.',
    );
    failing = false;
    await user.click(screen.getByTestId('sportsbook-bets-error-retry'));
    expect(await screen.findByTestId('sportsbook-bet')).toBeInTheDocument();
  });
});

describe('/sportsbook2 for a visitor', () => {
  beforeEach(() => resetStores());

  it('says what the sportsbook offers, with sign-in, register and the way to the lines', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi();
    renderApp('/sportsbook2');
    const offer = await screen.findByTestId('sportsbook-offer');
    expect(within(offer).getByTestId('sportsbook-offer-sports')).toHaveTextContent(
      'Fixed odds on cricket, soccer and tennis',
    );
    expect(within(offer).getByTestId('sportsbook-offer-slips')).toHaveTextContent(
      'Singles and accumulators',
    );
    expect(within(offer).getByTestId('sportsbook-browse')).toHaveAttribute('href', '/betby');
    expect(screen.getByTestId('sportsbook-open')).toHaveAttribute('href', '/betby');
    // A visitor has no bets to ask for.
    expect(callsTo(fetchMock, BETS)).toHaveLength(0);
    expect(screen.queryByTestId('sportsbook-bets')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('sportsbook-register'));
    expect(useAppStore.getState().activeAuthModal).toBe('register');
    useAppStore.getState().closeAuthModal();
    await user.click(screen.getByTestId('sportsbook-sign-in'));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
  });

  it('shows the sportsbook tile on the landing page', async () => {
    mockApi();
    renderApp('/');
    const tile = await screen.findByTestId('category-sportsbook');
    expect(tile).toHaveAttribute('href', '/sportsbook2');
  });
});
