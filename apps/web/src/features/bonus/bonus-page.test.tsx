import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BonusClaim } from '@spm/contract';
import { callsTo, fail, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import {
  CANCEL,
  CLAIMS,
  STATS,
  activeClaim,
  claimOf,
  noClaims,
  openBonusRoute,
  pageOf,
  pendingClaim,
  statsOf,
} from './bonus-test-data';

const withActive = statsOf({
  coinsPoints: 1500,
  active: activeClaim,
  grantedPoints: 2498,
  convertedPoints: 250,
  forfeitedPoints: 100,
});

describe('/bonus, the bonus wallet', () => {
  beforeEach(() => resetStores());

  it('is reached from the account menu', async () => {
    openBonusRoute('/profile');
    await userEvent.click(await screen.findByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('bonus-menu-link'));
    expect(await screen.findByTestId('bonus-wallet-page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/bonus');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonuses' })).toBeVisible();
  });

  it('shows the coins, the totals and the active bonus’s wagering progress', async () => {
    openBonusRoute('/bonus', { [STATS]: ok(withActive) });
    const stats = await screen.findByTestId('bonus-stats');
    expect(within(stats).getByTestId('bonus-stat-coins')).toHaveTextContent('Bonus coins1,500.00');
    expect(within(stats).getByTestId('bonus-stat-granted')).toHaveTextContent(
      'Granted in all2,498.00',
    );
    expect(within(stats).getByTestId('bonus-stat-converted')).toHaveTextContent(
      'Became cash250.00',
    );
    expect(within(stats).getByTestId('bonus-stat-forfeited')).toHaveTextContent('Forfeited100.00');

    const active = screen.getByTestId('bonus-active');
    expect(within(active).getByTestId('bonus-active-name')).toHaveTextContent(
      'Casino welcome bonus',
    );
    expect(within(active).getByTestId('bonus-active-bonus')).toHaveTextContent('Bonus1,998.00');
    expect(within(active).getByTestId('bonus-active-coins')).toHaveTextContent(
      'Bonus coins left1,500.00',
    );
    expect(
      within(active).getByTestId('bonus-active-expires').querySelector('time'),
    ).toHaveAttribute('dateTime', activeClaim.expiresAt);
    expect(within(active).getByTestId('bonus-progress-text')).toHaveTextContent(
      '12,345.50 of 99,900.00 wagered',
    );
    expect(within(active).getByTestId('bonus-progress-left')).toHaveTextContent(
      '87,554.50 points of casino stakes left to wager',
    );
    const bar = within(active).getByRole('progressbar', { name: 'Wagering progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '12345.5');
    expect(bar).toHaveAttribute('aria-valuemax', '99900');
    const fill = bar.querySelector<HTMLElement>('.bonus-progress__fill');
    expect(fill?.style.width).toBe('12.36%');
    expect(within(active).getByTestId('bonus-active-link')).toHaveAttribute('href', '/bonus/7');
    // No claim waits: no pending card.
    expect(screen.queryByTestId('bonus-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('bonus-offers-link')).toHaveAttribute('href', '/promotionoffers');
  });

  it('cancels the active bonus only after the dialog, saying how many coins are forfeited', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const fetchMock = openBonusRoute('/bonus', {
      [STATS]: () =>
        ok(
          cancelled
            ? statsOf({ grantedPoints: 2498, convertedPoints: 250, forfeitedPoints: 1600 })
            : withActive,
        ),
      [CANCEL]: () => {
        cancelled = true;
        return ok({ ...activeClaim, status: 'cancelled', forfeitedPoints: 1500 });
      },
    });
    const active = await screen.findByTestId('bonus-active');
    await user.click(within(active).getByTestId('bonus-cancel'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this bonus?' });
    expect(within(dialog).getByTestId('bonus-cancel-text')).toHaveTextContent(
      'The 1,500.00 bonus coins left are forfeited now and its wagering stops. Your deposit and your cash are not touched.',
    );
    // Keeping it asks nothing of the server.
    await user.click(within(dialog).getByTestId('bonus-cancel-dialog-cancel'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)).toHaveLength(0);

    await user.click(within(active).getByTestId('bonus-cancel'));
    await user.click(await screen.findByTestId('bonus-cancel-dialog-confirm'));
    expect(await screen.findByText('Bonus cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)).toHaveLength(1);
    expect(callsTo(fetchMock, CANCEL)[0]?.body).toEqual({ claimId: 7 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The wallet is read again: no active bonus, the forfeit in the totals.
    expect(await screen.findByTestId('bonus-active-none')).toHaveTextContent(
      'You have no active bonus.',
    );
    expect(screen.getByTestId('bonus-stat-forfeited')).toHaveTextContent('1,600.00');
    expect(callsTo(fetchMock, STATS).length).toBeGreaterThanOrEqual(2);
  });

  it('toasts a refused cancel and reads the wallet again', async () => {
    const user = userEvent.setup();
    const fetchMock = openBonusRoute('/bonus', {
      [STATS]: ok(withActive),
      [CANCEL]: fail(409, 'BONUS_CLAIM_ENDED', 'This bonus has ended already.'),
    });
    await user.click(await screen.findByTestId('bonus-cancel'));
    await user.click(await screen.findByTestId('bonus-cancel-dialog-confirm'));
    expect(await screen.findByText('This bonus has ended already.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(fetchMock, STATS)).toHaveLength(2));
  });

  it('shows the claimed offer waiting for its deposit, with the way to deposit and Cancel', async () => {
    const user = userEvent.setup();
    const fetchMock = openBonusRoute('/bonus', {
      [STATS]: ok(statsOf({ pending: pendingClaim })),
      [CANCEL]: ok({ ...pendingClaim, status: 'cancelled' }),
    });
    const pending = await screen.findByTestId('bonus-pending');
    expect(within(pending).getByTestId('bonus-pending-name')).toHaveTextContent(
      'Casino welcome bonus',
    );
    expect(within(pending).getByTestId('bonus-pending-terms')).toHaveTextContent(
      'Waiting for your next deposit of at least 300.00 points: the bonus will be 666% of it, up to 1,998.00 points.',
    );
    expect(within(pending).getByRole('link', { name: 'Deposit now' })).toHaveAttribute(
      'href',
      '/gateways',
    );
    expect(screen.getByTestId('bonus-active-none')).toBeInTheDocument();

    await user.click(within(pending).getByTestId('bonus-cancel'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this claim?' });
    expect(dialog).toHaveTextContent('Nothing has been granted yet, so nothing is forfeited.');
    await user.click(within(dialog).getByTestId('bonus-cancel-dialog-confirm'));
    expect(await screen.findByText('Claim cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)[0]?.body).toEqual({ claimId: 7 });
  });

  it('lists every bonus, named by offer or by source, each leading to its page', async () => {
    const user = userEvent.setup();
    const items: BonusClaim[] = [
      { ...activeClaim, id: 9 },
      claimOf({
        id: 8,
        source: 'deposit',
        offerId: null,
        title: null,
        status: 'completed',
        bonusPoints: 50,
        convertedPoints: 40,
      }),
      claimOf({
        id: 5,
        source: 'referral',
        offerId: null,
        title: null,
        status: 'expired',
        bonusPoints: 100,
        forfeitedPoints: 100,
      }),
      claimOf({ id: 3, status: 'cancelled' }),
    ];
    openBonusRoute('/bonus', { [CLAIMS]: ok(pageOf(items)) });
    const rows = await screen.findAllByTestId('bonus-history-item');
    expect(
      rows.map((row) => [
        within(row).getByTestId('bonus-history-name').textContent,
        within(row).getByTestId('bonus-status').textContent,
        within(row).queryByTestId('bonus-history-amount')?.textContent ?? null,
        row.getAttribute('href'),
      ]),
    ).toEqual([
      ['Casino welcome bonus', 'Active', '1,998.00', '/bonus/9'],
      ['Deposit bonus', 'Completed', '50.00', '/bonus/8'],
      ['Referral reward', 'Expired', '100.00', '/bonus/5'],
      ['Casino welcome bonus', 'Cancelled', null, '/bonus/3'],
    ]);
    expect(screen.queryByTestId('bonus-history-next')).not.toBeInTheDocument();
    await user.click(rows[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/bonus/8');
  });

  it('pages the history, 20 a page', async () => {
    const user = userEvent.setup();
    const page = (number: number) =>
      pageOf(
        Array.from({ length: number === 2 ? 3 : 20 }, (_, index) =>
          claimOf({ id: 100 - ((number - 1) * 20 + index), status: 'cancelled' }),
        ),
        number,
        23,
      );
    const fetchMock = openBonusRoute('/bonus', {
      [CLAIMS]: (url) => ok(page(Number(url.searchParams.get('page') ?? '1'))),
    });
    await screen.findAllByTestId('bonus-history-item');
    expect(screen.getByTestId('bonus-history-page')).toHaveTextContent('Page 1 of 2');
    const first = callsTo(fetchMock, CLAIMS)[0]!;
    expect(first.url.searchParams.get('pageSize')).toBe('20');
    await user.click(screen.getByTestId('bonus-history-next'));
    await waitFor(() =>
      expect(screen.getByTestId('bonus-history-page')).toHaveTextContent('Page 2 of 2'),
    );
    expect(screen.getAllByTestId('bonus-history-item')).toHaveLength(3);
    expect(screen.getAllByTestId('bonus-history-item')[0]).toHaveAttribute('href', '/bonus/80');
  });

  it('says so when there is no bonus yet', async () => {
    openBonusRoute('/bonus', { [CLAIMS]: ok(noClaims) });
    expect(await screen.findByTestId('bonus-history-empty')).toHaveTextContent(
      'You have no bonus yet.',
    );
    expect(screen.getByTestId('bonus-active-none')).toHaveTextContent(
      'You have no active bonus. Claim an offer, then deposit to get one.',
    );
  });

  it('explains the play-money mode', async () => {
    openBonusRoute('/bonus', { [STATS]: ok(statsOf({ realMoney: false })) });
    expect(await screen.findByTestId('bonus-play-money')).toHaveTextContent(
      'No bonuses in play-money mode',
    );
  });

  it('shows an error with a retry when the wallet cannot be read', async () => {
    const user = userEvent.setup();
    let reads = 0;
    openBonusRoute('/bonus', {
      [STATS]: () => {
        reads += 1;
        return reads > 1 ? ok(withActive) : fail(500, 'INTERNAL', 'boom');
      },
      [CLAIMS]: fail(500, 'INTERNAL', 'boom'),
    });
    const error = await screen.findByTestId('bonus-wallet-error');
    expect(error).toHaveTextContent('Your bonuses could not be loaded.');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bonus-active-name')).toBeInTheDocument();
    expect(screen.getByTestId('bonus-history-error')).toHaveTextContent(
      'This section could not be loaded.',
    );
  });
});
