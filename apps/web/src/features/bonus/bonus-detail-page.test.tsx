import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { callsTo, fail, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import {
  CANCEL,
  PARTS,
  STATS,
  activeClaim,
  claimOf,
  claimRoute,
  openBonusRoute,
  pageOf,
  partOf,
  pendingClaim,
  statsOf,
} from './bonus-test-data';

const activeParts = pageOf([
  partOf({
    id: 12,
    kind: 'granted',
    points: 100,
    wageringAddedPoints: 1000,
    source: 'referral',
    reference: 'DEP-15',
    createdAt: '2026-12-02T09:00:00.000Z',
  }),
  partOf({
    id: 11,
    kind: 'granted',
    points: 1998,
    wageringAddedPoints: 99_900,
    source: 'offer',
    reference: 'DEP-12',
    createdAt: '2026-12-01T11:00:00.000Z',
  }),
  partOf({ id: 10, kind: 'claimed' }),
]);

describe('/bonus/:bonusId, one bonus', () => {
  beforeEach(() => resetStores());

  it('shows its terms, money, wagering and lines', async () => {
    const fetchMock = openBonusRoute('/bonus/7', {
      [claimRoute(7)]: ok(activeClaim),
      [PARTS]: ok(activeParts),
      [STATS]: ok(statsOf({ coinsPoints: 1500, active: activeClaim })),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bonus Details' }),
    ).toBeInTheDocument();
    const summary = await screen.findByTestId('bonus-summary');
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Casino welcome bonus',
    );
    expect(within(summary).getByTestId('bonus-status')).toHaveTextContent('Active');
    expect(within(summary).getByTestId('bonus-detail-bonus')).toHaveTextContent('Bonus1,998.00');
    expect(within(summary).getByTestId('bonus-detail-deposit')).toHaveTextContent('Deposit300.00');
    // The coins left come from the wallet, read once the bonus is known to be active.
    expect(await within(summary).findByTestId('bonus-detail-coins')).toHaveTextContent(
      'Bonus coins left1,500.00',
    );
    expect(within(summary).getByTestId('bonus-detail-required')).toHaveTextContent(
      'Wagering required99,900.00',
    );
    expect(within(summary).getByTestId('bonus-detail-terms')).toHaveTextContent(
      '666% of the deposit, up to 1,998.00 points, on a deposit of at least 300.00 points',
    );
    expect(
      within(summary).getByTestId('bonus-detail-expires-at').querySelector('time'),
    ).toHaveAttribute('dateTime', activeClaim.expiresAt);
    expect(within(summary).getByTestId('bonus-progress-text')).toHaveTextContent(
      '12,345.50 of 99,900.00 wagered',
    );
    expect(within(summary).queryByTestId('bonus-detail-converted')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('bonus-cancel')).toHaveTextContent('Cancel bonus');

    const lines = await screen.findAllByTestId('bonus-part');
    expect(
      lines.map((line) => [
        within(line).getByTestId('bonus-part-kind').textContent,
        within(line).queryByTestId('bonus-part-points')?.textContent ?? null,
        within(line).queryByTestId('bonus-part-wagering')?.textContent ?? null,
      ]),
    ).toEqual([
      ['Bonus coins granted · Referral reward', '+100.00', '+1,000.00 to wager'],
      ['Bonus coins granted · Bonus offer', '+1,998.00', '+99,900.00 to wager'],
      ['Offer claimed', null, null],
    ]);
    expect(lines[1]).toHaveTextContent('Reference DEP-12');
    const asked = callsTo(fetchMock, PARTS)[0]!;
    expect(asked.url.searchParams.get('claimId')).toBe('7');
    expect(asked.url.searchParams.get('page')).toBe('1');
    expect(screen.getByTestId('bonus-back-link')).toHaveAttribute('href', '/bonus');

    await act(() => i18n.changeLanguage('ta'));
    expect(within(summary).getByTestId('bonus-status')).toHaveTextContent('செயலில்');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows an ended bonus with what became cash, and no Cancel', async () => {
    openBonusRoute('/bonus/8', {
      [claimRoute(8)]: ok(
        claimOf({
          id: 8,
          source: 'deposit',
          offerId: null,
          title: null,
          status: 'completed',
          percent: null,
          maxBonusPoints: null,
          minDepositPoints: null,
          bonusPoints: 50,
          wageringRequiredPoints: 500,
          wageredPoints: 500,
          convertedPoints: 42.5,
          activatedAt: '2026-12-01T11:00:00.000Z',
          expiresAt: '2026-12-31T11:00:00.000Z',
          endedAt: '2026-12-02T11:00:00.000Z',
        }),
      ),
      [PARTS]: ok(pageOf([partOf({ kind: 'converted', points: 42.5, reference: 'BON-8' })])),
    });
    const summary = await screen.findByTestId('bonus-summary');
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent('Deposit bonus');
    expect(within(summary).getByTestId('bonus-status')).toHaveTextContent('Completed');
    expect(within(summary).getByTestId('bonus-detail-converted')).toHaveTextContent(
      'Became cash42.50',
    );
    expect(within(summary).getByTestId('bonus-progress-left')).toHaveTextContent('Wagering met');
    expect(within(summary).queryByTestId('bonus-detail-terms')).not.toBeInTheDocument();
    expect(within(summary).queryByTestId('bonus-detail-expires-at')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('bonus-detail-ended-at')).toBeInTheDocument();
    expect(within(summary).queryByTestId('bonus-cancel')).not.toBeInTheDocument();
    expect(await screen.findByTestId('bonus-part-kind')).toHaveTextContent('Coins became cash');
  });

  it('cancels a pending claim from its page, after the dialog', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const fetchMock = openBonusRoute('/bonus/7', {
      [claimRoute(7)]: () =>
        ok(cancelled ? { ...pendingClaim, status: 'cancelled' as const } : pendingClaim),
      [PARTS]: ok(pageOf([partOf()])),
      [CANCEL]: () => {
        cancelled = true;
        return ok({ ...pendingClaim, status: 'cancelled' });
      },
    });
    const summary = await screen.findByTestId('bonus-summary');
    expect(within(summary).getByTestId('bonus-pending-terms')).toHaveTextContent(
      'Waiting for your next deposit of at least 300.00 points',
    );
    expect(within(summary).queryByTestId('bonus-progress')).not.toBeInTheDocument();
    await user.click(within(summary).getByTestId('bonus-cancel'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this claim?' });
    await user.click(within(dialog).getByTestId('bonus-cancel-dialog-confirm'));
    expect(await screen.findByText('Claim cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, CANCEL)[0]?.body).toEqual({ claimId: 7 });
    await waitFor(() =>
      expect(within(summary).getByTestId('bonus-status')).toHaveTextContent('Cancelled'),
    );
    expect(within(summary).queryByTestId('bonus-cancel')).not.toBeInTheDocument();
  });

  it('says clearly when the bonus is not the player’s (404)', async () => {
    const fetchMock = openBonusRoute('/bonus/99', {
      [claimRoute(99)]: fail(404, 'BONUS_CLAIM_NOT_FOUND', 'This bonus was not found.'),
    });
    const notFound = await screen.findByTestId('bonus-not-found');
    expect(notFound).toHaveTextContent(
      'This bonus was not found. The address may be wrong, or the bonus belongs to another account.',
    );
    expect(within(notFound).getByRole('link', { name: 'Back to my bonuses' })).toHaveAttribute(
      'href',
      '/bonus',
    );
    expect(screen.queryByTestId('bonus-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, PARTS)).toHaveLength(0);
    // Said on the page, not toasted.
    expect(screen.queryByText('This bonus was not found.')).not.toBeInTheDocument();
  });

  it('asks nothing for an address that is no bonus id', async () => {
    const fetchMock = openBonusRoute('/bonus/abc');
    expect(await screen.findByTestId('bonus-not-found')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/bonus/claims/')),
    ).toEqual([]);
  });

  it('shows an error with a retry for another failure', async () => {
    const user = userEvent.setup();
    let reads = 0;
    openBonusRoute('/bonus/7', {
      [claimRoute(7)]: () => {
        reads += 1;
        return reads > 1 ? ok(activeClaim) : fail(500, 'INTERNAL', 'boom');
      },
    });
    const error = await screen.findByTestId('bonus-detail-error');
    expect(error).toHaveTextContent('This bonus could not be loaded.');
    expect(screen.queryByTestId('bonus-not-found')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bonus-summary')).toBeInTheDocument();
    expect(await screen.findByTestId('bonus-parts-empty')).toHaveTextContent(
      'Nothing has happened to this bonus yet.',
    );
  });
});
