import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { callsTo, fail, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import {
  CLAIM,
  OFFERS,
  STATS,
  openBonusRoute,
  pendingClaim,
  smallOffer,
  statsOf,
  welcomeOffer,
} from './bonus-test-data';

const offerCard = async (title: string) => {
  const cards = await screen.findAllByTestId('bonus-offer');
  const card = cards.find(
    (element) => within(element).getByTestId('bonus-offer-title').textContent === title,
  );
  if (!card) throw new Error(`no offer card ${title}`);
  return card;
};

describe('/promotionoffers, the offers to claim', () => {
  beforeEach(() => resetStores());

  it('shows each open offer with its terms', async () => {
    openBonusRoute('/promotionoffers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const card = await offerCard('Casino welcome bonus');
    expect(within(card).getByTestId('bonus-offer-headline')).toHaveTextContent(
      '666% up to 1,998.00 points on a deposit of at least 300.00 points',
    );
    expect(within(card).getByTestId('bonus-offer-wagering')).toHaveTextContent(
      'Wagering50× the bonus',
    );
    expect(within(card).getByTestId('bonus-offer-valid')).toHaveTextContent(
      'Days to meet the wagering30',
    );
    expect(within(card).getByTestId('bonus-offer-first-deposit')).toHaveTextContent(
      'First deposit only',
    );
    expect(within(card).getByTestId('bonus-offer-ends').querySelector('time')).toHaveAttribute(
      'dateTime',
      welcomeOffer.endsAt,
    );
    expect(within(card).getByTestId('bonus-offer-claim')).toBeEnabled();
    // No end date: no "Claim by" line.
    const small = await offerCard('First deposit bonus');
    expect(within(small).queryByTestId('bonus-offer-ends')).not.toBeInTheDocument();
    expect(within(small).getByTestId('bonus-offer-headline')).toHaveTextContent(
      '5% up to 1,000.00 points on a deposit of at least 100.00 points',
    );
    // The rules, truthfully: casino only, after cash, forfeits never the deposit.
    expect(screen.getByTestId('bonus-rule-funding')).toHaveTextContent(
      'Bonus coins pay for casino stakes only, and only after your cash.',
    );
    expect(screen.getByTestId('bonus-rule-forfeit')).toHaveTextContent(
      'Your deposit and your cash are never taken.',
    );
    expect(screen.getByTestId('bonus-rule-oneActive')).toHaveTextContent('need 10× their amount');
  });

  it('claims an offer: the POST, a notice, and the card says it waits for the deposit', async () => {
    const user = userEvent.setup();
    let claimed = false;
    const fetchMock = openBonusRoute('/promotionoffers', {
      [CLAIM]: () => {
        claimed = true;
        return ok(pendingClaim);
      },
      [STATS]: () => ok(statsOf({ pending: claimed ? pendingClaim : null })),
      [OFFERS]: () =>
        ok({
          realMoney: true,
          offers: [
            { ...smallOffer, unavailableReason: claimed ? 'CLAIM_PENDING' : null },
            { ...welcomeOffer, unavailableReason: claimed ? 'CLAIM_PENDING' : null },
          ],
        }),
    });
    const card = await offerCard('Casino welcome bonus');
    await user.click(within(card).getByTestId('bonus-offer-claim'));

    expect(
      await screen.findByText('Offer claimed. Deposit at least 300.00 points to get your bonus.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, CLAIM)).toHaveLength(1);
    expect(callsTo(fetchMock, CLAIM)[0]?.body).toEqual({ offerId: 2 });
    const notice = await within(card).findByTestId('bonus-offer-claimed');
    expect(notice).toHaveTextContent(
      'Claimed: your next deposit of at least 300.00 points brings this bonus.',
    );
    expect(within(notice).getByRole('link', { name: 'Deposit now' })).toHaveAttribute(
      'href',
      '/gateways',
    );
    expect(within(notice).getByRole('link', { name: 'My bonuses' })).toHaveAttribute(
      'href',
      '/bonus',
    );
    expect(within(card).queryByTestId('bonus-offer-claim')).not.toBeInTheDocument();
    // The offers and the stats are read again; the other offer now says why it waits.
    await waitFor(() => expect(callsTo(fetchMock, OFFERS).length).toBeGreaterThanOrEqual(2));
    const other = await offerCard('First deposit bonus');
    expect(await within(other).findByTestId('bonus-offer-reason')).toHaveTextContent(
      'An offer you claimed is waiting for your deposit. Cancel it to claim this one.',
    );
    expect(within(other).getByTestId('bonus-offer-claim')).toBeDisabled();

    await user.click(within(notice).getByRole('link', { name: 'My bonuses' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/bonus');
  });

  it('shows an offer claimed earlier as claimed (the pending claim)', async () => {
    openBonusRoute('/promotionoffers', {
      [STATS]: ok(statsOf({ pending: pendingClaim })),
      [OFFERS]: ok({
        realMoney: true,
        offers: [{ ...welcomeOffer, unavailableReason: 'CLAIM_PENDING' }],
      }),
    });
    const card = await offerCard('Casino welcome bonus');
    expect(await within(card).findByTestId('bonus-offer-claimed')).toBeInTheDocument();
    expect(within(card).queryByTestId('bonus-offer-reason')).not.toBeInTheDocument();
  });

  it('toasts a refused claim in the player’s language and keeps the button', async () => {
    const user = userEvent.setup();
    const fetchMock = openBonusRoute('/promotionoffers', {
      [CLAIM]: fail(409, 'BONUS_ALREADY_CLAIMED', 'You have claimed this offer already.'),
    });
    await act(() => i18n.changeLanguage('hi'));
    const card = await offerCard('Casino welcome bonus');
    await user.click(within(card).getByTestId('bonus-offer-claim'));
    expect(await screen.findByText('आप यह ऑफ़र पहले ही क्लेम कर चुके हैं।')).toBeInTheDocument();
    expect(callsTo(fetchMock, CLAIM)).toHaveLength(1);
    expect(within(card).getByTestId('bonus-offer-claim')).toBeEnabled();
    expect(within(card).queryByTestId('bonus-offer-claimed')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('disables Claim with the reason, translated, when the offer is not for this player', async () => {
    openBonusRoute('/promotionoffers', {
      [OFFERS]: ok({
        realMoney: true,
        offers: [
          { ...welcomeOffer, unavailableReason: 'FIRST_DEPOSIT_ONLY' },
          { ...smallOffer, unavailableReason: 'ALREADY_CLAIMED' },
        ],
      }),
    });
    const welcome = await offerCard('Casino welcome bonus');
    const button = within(welcome).getByTestId('bonus-offer-claim');
    expect(button).toBeDisabled();
    const reason = within(welcome).getByTestId('bonus-offer-reason');
    expect(reason).toHaveTextContent('For a first deposit only: you have deposited already.');
    expect(button).toHaveAttribute('aria-describedby', reason.id);
    const small = await offerCard('First deposit bonus');
    expect(within(small).getByTestId('bonus-offer-reason')).toHaveTextContent(
      'You have claimed this offer already.',
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(within(welcome).getByTestId('bonus-offer-reason')).toHaveTextContent(
      'Réservée à un premier dépôt : vous avez déjà effectué un dépôt.',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('explains that bonuses are not offered in play-money mode', async () => {
    openBonusRoute('/promotionoffers', { [OFFERS]: ok({ realMoney: false, offers: [] }) });
    expect(await screen.findByTestId('bonus-play-money')).toHaveTextContent(
      'Bonuses are real-money promotions, so none is offered in play-money mode.',
    );
    expect(screen.queryByTestId('bonus-offer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bonus-offers-empty')).not.toBeInTheDocument();
  });

  it('says so when no offer is open', async () => {
    openBonusRoute('/promotionoffers', { [OFFERS]: ok({ realMoney: true, offers: [] }) });
    expect(await screen.findByTestId('bonus-offers-empty')).toHaveTextContent(
      'No offer is open right now. Please come back later.',
    );
  });

  it('shows an error with a retry that reads again', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const fetchMock = openBonusRoute('/promotionoffers', {
      [OFFERS]: () => {
        reads += 1;
        return reads > 1
          ? ok({ realMoney: true, offers: [welcomeOffer] })
          : fail(500, 'INTERNAL', 'boom');
      },
    });
    const error = await screen.findByTestId('bonus-offers-error');
    expect(error).toHaveTextContent('The offers could not be loaded.');
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await offerCard('Casino welcome bonus')).toBeInTheDocument();
    expect(callsTo(fetchMock, OFFERS)).toHaveLength(2);
  });
});
