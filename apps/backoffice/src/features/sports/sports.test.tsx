import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffEvent } from '@spm/contract';
import { SportsEventPage, SportsEventsPage } from './index.ts';
import {
  callsTo,
  fail,
  mockApi,
  ok,
  renderPage,
  signInAsAdmin,
  type MockRoute,
} from '../../test/feature-harness.tsx';

type StaffMarket = StaffEvent['markets'][number];

const runner = (
  id: string,
  name: string,
  backRate: number | null = null,
  layRate: number | null = null,
) => ({
  id,
  name,
  availableToBack: [],
  availableToLay: [],
  lastTradedPrice: null,
  backRate,
  layRate,
});

const base = {
  eventId: '9',
  inPlay: false,
  line: null,
  yesRate: null,
  noRate: null,
  tradedVolume: 0,
  version: 1,
  totalExposure: 1500,
  matchedVolume: 4000,
  minStake: 100,
  maxStake: 100000,
  maxProfit: 1000000,
  inPlayDelayMs: 0,
  settledVersion: 0,
};
const matchOdds: StaffMarket = {
  ...base,
  id: '301',
  type: 'match_odds',
  name: 'Match Odds',
  status: 'open',
  runners: [runner('11', 'India'), runner('12', 'Australia')],
};
const bookmaker: StaffMarket = {
  ...base,
  id: '302',
  type: 'bookmaker',
  name: 'Bookmaker',
  status: 'open',
  runners: [runner('21', 'India', 90, 95), runner('22', 'Australia', null, null)],
};
const fancy: StaffMarket = {
  ...base,
  id: '303',
  type: 'fancy',
  name: '6 over runs IND',
  status: 'suspended',
  runners: [],
  line: 45,
  yesRate: 100,
  noRate: 100,
};
const settled: StaffMarket = {
  ...matchOdds,
  id: '304',
  name: 'Toss',
  status: 'settled',
  settledVersion: 1,
};

const event: StaffEvent = {
  id: '9',
  sportId: 4,
  competitionName: 'Test Series',
  name: 'India v Australia',
  homeTeam: 'India',
  awayTeam: 'Australia',
  startTime: '2025-03-01T10:00:00.000Z',
  status: 'upcoming',
  liveTvUrl: null,
  markets: [matchOdds, bookmaker, fancy, settled],
};

const settlement = (marketId: string) =>
  ok({ marketId, status: 'settled', settlementVersion: 1, players: 3, replay: false });

function eventRoutes(extra: Record<string, MockRoute> = {}) {
  return mockApi({ 'GET /api/staff/events/9': ok(event), ...extra });
}

function renderEvent() {
  renderPage(<SportsEventPage />, { path: '/sports/9', route: '/sports/:eventId' });
  return screen.findByTestId('markets-table');
}

const action = (name: string, market: string) =>
  screen.getByRole('button', { name: `${name}: ${market}` });

describe('sports events list', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists events and creates one, then opens it', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/events': ok({ items: [event], page: 1, pageSize: 20, total: 1 }),
      'POST /api/staff/events': ok({ ...event, id: '10' }),
    });
    renderPage(<SportsEventsPage />, { path: '/sports', route: '/sports' });
    const table = await screen.findByTestId('events-table');
    expect(await within(table).findByRole('link', { name: 'India v Australia' })).toHaveAttribute(
      'href',
      '/sports/9',
    );
    expect(within(table).getByText('Cricket')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(within(dialog).getByText('2 to 100 characters.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/staff/events')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Sport'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Competition/), {
      target: { value: 'Premier League' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Home team/), { target: { value: 'Arsenal' } });
    fireEvent.change(within(dialog).getByLabelText(/^Away team/), { target: { value: 'Chelsea' } });
    fireEvent.change(within(dialog).getByLabelText(/Start \(India time, IST\)/), {
      target: { value: '2025-04-01T18:30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/staff/events')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/staff/events')[0]?.body).toEqual({
      sportId: 1,
      competitionName: 'Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      // Typed as India time (the label says IST), whatever the staff computer's zone.
      startTime: '2025-04-01T13:00:00.000Z',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sports/10'));
  });
});

describe('sports event page', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows markets with exposure and volume', async () => {
    eventRoutes();
    const table = await renderEvent();
    expect(within(table).getByText('Match Odds')).toBeInTheDocument();
    expect(within(table).getAllByText('1,500.00')).toHaveLength(4);
    expect(within(table).getAllByText('4,000.00')).toHaveLength(4);
    expect(within(table).getByText('Line 45 · yes 100 · no 100')).toBeInTheDocument();
    // A settled market can only be corrected.
    expect(screen.queryByRole('button', { name: 'Declare result: Toss' })).not.toBeInTheDocument();
    expect(action('Correct result', 'Toss')).toBeInTheDocument();
  });

  it('declares the winner runner after confirming what happens to the money', async () => {
    const fetchMock = eventRoutes({ 'POST /api/staff/markets/301/result': settlement('301') });
    await renderEvent();
    fireEvent.click(action('Declare result', 'Match Odds'));
    const dialog = await screen.findByRole('dialog', { name: 'Declare the result of Match Odds' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Choose an outcome.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('Australia wins'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Declare the result of Match Odds' });
    expect(within(confirm).getByTestId('result-effect')).toHaveTextContent(
      'Australia as the winner',
    );
    expect(within(confirm).getByTestId('result-effect')).toHaveTextContent('1,500.00 points');
    expect(callsTo(fetchMock, 'POST /api/staff/markets/301/result')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Settle and pay out' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/markets/301/result')[0]?.body).toEqual({
        winnerRunnerId: '12',
      }),
    );
    expect(await screen.findByText('Settled (settlement 1) for 3 players.')).toBeInTheDocument();
  });

  it('settles a fancy market by result value and refuses a non-number', async () => {
    const fetchMock = eventRoutes({ 'POST /api/staff/markets/303/result': settlement('303') });
    await renderEvent();
    fireEvent.click(action('Declare result', '6 over runs IND'));
    const dialog = await screen.findByRole('dialog', { name: /Declare the result/ });
    expect(within(dialog).queryByLabelText(/wins$/)).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Runs (or count) scored'), {
      target: { value: '4.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      within(dialog).getByText('Enter the result as a whole number (0 or more).'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Runs (or count) scored'), {
      target: { value: '52' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByTestId('result-effect');
    expect(confirm).toHaveTextContent('settled at 52');
    fireEvent.click(screen.getByRole('button', { name: 'Settle and pay out' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/markets/303/result')[0]?.body).toEqual({
        resultValue: 52,
      }),
    );
  });

  it('voids a market from the Void button', async () => {
    const fetchMock = eventRoutes({ 'POST /api/staff/markets/302/result': settlement('302') });
    await renderEvent();
    fireEvent.click(action('Void', 'Bookmaker'));
    const dialog = await screen.findByRole('dialog', { name: /Declare the result of Bookmaker/ });
    expect(within(dialog).getByLabelText('Void: refund every bet')).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('result-effect')).toHaveTextContent('every stake goes back');
    fireEvent.click(screen.getByRole('button', { name: 'Void and refund' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/markets/302/result')[0]?.body).toEqual({
        void: true,
      }),
    );
  });

  it('corrects a settled result through resettle and shows refusals translated', async () => {
    const fetchMock = eventRoutes({
      'POST /api/staff/markets/304/resettle': fail(
        409,
        'INSUFFICIENT_FUNDS',
        'Insufficient balance.',
      ),
    });
    await renderEvent();
    fireEvent.click(action('Correct result', 'Toss'));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result of Toss' });
    fireEvent.click(within(dialog).getByLabelText('India wins'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('result-effect')).toHaveTextContent(
      'The current result (settlement 1) is reversed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reverse and settle again' }));
    expect(
      await screen.findByText(
        'A player no longer has enough cash for this reversal. Nothing was changed.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/staff/markets/304/resettle')[0]?.body).toEqual({
      winnerRunnerId: '11',
    });
    expect(callsTo(fetchMock, 'POST /api/staff/markets/304/result')).toHaveLength(0);
  });

  it('validates bookmaker rates before sending them (empty = not offered)', async () => {
    const fetchMock = eventRoutes({ 'PUT /api/staff/markets/302/rates': ok(bookmaker) });
    await renderEvent();
    fireEvent.click(action('Rates', 'Bookmaker'));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmaker rates of Bookmaker' });
    const backIndia = within(dialog).getByLabelText('Back rate for India');
    expect(backIndia).toHaveValue('90');
    fireEvent.change(backIndia, { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Lay rate for Australia'), {
      target: { value: '1001' },
    });
    fireEvent.change(within(dialog).getByLabelText('Back rate for Australia'), {
      target: { value: '1.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    expect(within(dialog).getAllByText('A whole number from 1 to 1000, or empty.')).toHaveLength(3);
    expect(backIndia).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'PUT /api/staff/markets/302/rates')).toHaveLength(0);

    fireEvent.change(backIndia, { target: { value: '85' } });
    fireEvent.change(within(dialog).getByLabelText('Lay rate for Australia'), {
      target: { value: '' },
    });
    fireEvent.change(within(dialog).getByLabelText('Back rate for Australia'), {
      target: { value: '110' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/staff/markets/302/rates')[0]?.body).toEqual({
        rates: [
          { runnerId: '21', backRate: 85, layRate: 95 },
          { runnerId: '22', backRate: 110, layRate: null },
        ],
      }),
    );
  });

  it('shows why the server refused rates that offer a sure win (issue 40), in the language chosen', async () => {
    const fetchMock = eventRoutes({
      // A message the screen must not show as is: the code's translation is what staff read.
      'PUT /api/staff/markets/302/rates': fail(400, 'RATES_OFFER_SURE_WIN', 'server words'),
    });
    await renderEvent();
    fireEvent.click(action('Rates', 'Bookmaker'));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmaker rates of Bookmaker' });
    fireEvent.change(within(dialog).getByLabelText('Back rate for India'), {
      target: { value: '112' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    expect(
      await within(dialog).findByText(
        'These rates would let a player win whatever the result. Lower the back (yes) rates or raise the lay (no) rates.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/staff/markets/302/rates')).toHaveLength(1);
    // Still open with what staff typed, to correct it.
    expect(within(dialog).getByLabelText('Back rate for India')).toHaveValue('112');
  });

  it('sets a fancy line and suspends a market after confirming', async () => {
    const fetchMock = eventRoutes({
      'PUT /api/staff/markets/303/line': ok(fancy),
      'PATCH /api/staff/markets/301': ok(matchOdds),
    });
    await renderEvent();
    fireEvent.click(action('Line', '6 over runs IND'));
    const dialog = await screen.findByRole('dialog', { name: 'Fancy line of 6 over runs IND' });
    fireEvent.change(within(dialog).getByLabelText('Line'), { target: { value: '47' } });
    fireEvent.change(within(dialog).getByLabelText(/^No rate/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A whole number from 1 to 1000.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^No rate/), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/staff/markets/303/line')[0]?.body).toEqual({
        line: 47,
        yesRate: 100,
        noRate: 90,
      }),
    );

    fireEvent.click(action('Suspend', 'Match Odds'));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend Match Odds?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/markets/301')[0]?.body).toEqual({
        status: 'suspended',
      }),
    );
  });

  it('shows the book with each player exposure and P&L per runner', async () => {
    eventRoutes({
      'GET /api/staff/markets/301/book': ok({
        market: matchOdds,
        exposures: [
          {
            playerId: '7',
            username: 'ravi',
            exposure: 500,
            pnlByRunner: { '11': 900, '12': -500 },
          },
        ],
      }),
    });
    await renderEvent();
    fireEvent.click(action('Book', 'Match Odds'));
    const dialog = await screen.findByRole('dialog', { name: 'Book of Match Odds' });
    const exposures = within(dialog).getByTestId('book-exposures');
    expect(await within(exposures).findByText('ravi')).toBeInTheDocument();
    expect(within(exposures).getByText('900.00')).toBeInTheDocument();
    expect(within(exposures).getByText('-500.00')).toBeInTheDocument();
    expect(within(dialog).getByText('P&L if India wins')).toBeInTheDocument();
  });

  it('creates a bookmaker market with its runners and limits', async () => {
    const fetchMock = eventRoutes({ 'POST /api/staff/events/9/markets': ok(bookmaker) });
    await renderEvent();
    fireEvent.click(screen.getByRole('button', { name: 'New market' }));
    const dialog = await screen.findByRole('dialog', { name: 'New market' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'bookmaker' } });
    fireEvent.change(within(dialog).getByLabelText('Market name'), {
      target: { value: 'Bookmaker 2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add selection' }));
    fireEvent.change(within(dialog).getByLabelText('Selection 3'), { target: { value: 'Draw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create market' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/events/9/markets')[0]?.body).toEqual({
        type: 'bookmaker',
        name: 'Bookmaker 2',
        runners: ['India', 'Australia', 'Draw'],
        minStake: 100,
        maxStake: 100000,
        maxProfit: 1000000,
        inPlayDelayMs: 0,
      }),
    );
  });

  it('saves only the changed event fields', async () => {
    const fetchMock = eventRoutes({ 'PATCH /api/staff/events/9': ok(event) });
    await renderEvent();
    const form = screen.getByRole('form', { name: 'Event details' });
    fireEvent.change(within(form).getByLabelText('Away team'), {
      target: { value: 'Australia A' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/events/9')[0]?.body).toEqual({
        awayTeam: 'Australia A',
      }),
    );
  });
});
