import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, fail, liveAppDetails, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { openPage, wallet } from '@/test/cashier';

/** Issue 42 item 6: a MONEY_MODE=play site hides the cashier, says why and counts in points. */

const playSite = { 'GET /api/getAppDetails': ok({ ...liveAppDetails, moneyMode: 'play' }) };
const offered = {
  available: true,
  amount: 1000,
  claimedToday: false,
  nextClaimAt: '2026-12-02T06:30:00.000Z',
};

describe('a play-money site', () => {
  beforeEach(() => resetStores());

  it('shows the points screen instead of the cashier, with the balance in points', async () => {
    const fetchMock = openPage(
      '/cashier',
      { ...playSite, 'GET /api/play/allowance': ok(offered) },
      { balance: wallet(1500) },
    );
    expect(await screen.findByTestId('play-money-page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your points' })).toBeInTheDocument();
    expect(screen.getByTestId('play-money-why')).toHaveTextContent(
      'This site plays for points only. Points have no cash value: there are no deposits, ' +
        'withdrawals, payment gateways or cash bonuses.',
    );
    expect(screen.getByTestId('play-money-balance')).toHaveTextContent('1,500.00 points');
    expect(screen.getByTestId('header-balance')).toHaveTextContent('1,500.00 points');
    expect(
      within(screen.getByTestId('bottom-nav')).getByTestId('bottom-nav-cashier'),
    ).toHaveTextContent('Points');
    expect(screen.queryByTestId('cashier-deposit')).not.toBeInTheDocument();
    expect(await screen.findByTestId('play-allowance-rule')).toHaveTextContent(
      'Claim 1,000.00 free points once a day. A new day starts at midnight India time.',
    );
    // The cashier's own reads never go out.
    expect(callsTo(fetchMock, 'GET /api/kyc')).toHaveLength(0);
  });

  it('claims the daily points and then says when the next ones open', async () => {
    let claimed = false;
    const fetchMock = openPage('/cashier', {
      ...playSite,
      'GET /api/play/allowance': () =>
        ok(
          claimed
            ? { ...offered, claimedToday: true, nextClaimAt: '2026-12-02T18:30:00.000Z' }
            : offered,
        ),
      'POST /api/play/allowance/claim': () => {
        claimed = true;
        return ok({ amount: 1000, balance: 1000, nextClaimAt: '2026-12-02T18:30:00.000Z' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim 1,000.00 points' }));
    expect(await screen.findByTestId('play-allowance-added')).toHaveTextContent(
      '1,000.00 points added.',
    );
    expect(await screen.findByTestId('play-allowance-claimed')).toHaveTextContent(
      "Today's points are claimed. The next ones from 3 Dec 2026, 12:00 am IST.",
    );
    expect(callsTo(fetchMock, 'POST /api/play/allowance/claim')).toHaveLength(1);
  });

  it.each(['/withdraw', '/gateways', '/deposit/list', '/kyc'])(
    'answers %s with the points screen, asking the cashier nothing',
    async (path) => {
      const fetchMock = openPage(path, {
        ...playSite,
        'GET /api/play/allowance': ok(offered),
        'GET /api/withdraw/info': fail(403, 'PLAY_MONEY_SITE', 'points only'),
      });
      expect(await screen.findByTestId('play-money-why')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'GET /api/withdraw/info')).toHaveLength(0);
      expect(callsTo(fetchMock, 'GET /api/gateways')).toHaveLength(0);
    },
  );

  it('keeps the cashier on a real-money site', async () => {
    openPage('/cashier', {
      'GET /api/getAppDetails': ok({ ...liveAppDetails, moneyMode: 'real' }),
      'GET /api/kyc': ok({ status: 'none' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cashier' })).toBeInTheDocument();
    expect(screen.queryByTestId('play-money-page')).not.toBeInTheDocument();
    expect(screen.getByTestId('header-balance').textContent).not.toMatch(/points/);
  });
});
