import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  StaffCasinoGame,
  StaffCasinoGgr,
  StaffCasinoProvider,
  StaffCasinoRound,
} from '@spm/contract';
import { CasinoGamesPage, CasinoGgrPage, CasinoProvidersPage, CasinoRoundsPage } from './index.ts';
import {
  callsTo,
  fail,
  mockApi,
  ok,
  renderPage,
  signInAsAdmin,
} from '../../test/feature-harness.tsx';

const game = (overrides: Partial<StaffCasinoGame> = {}): StaffCasinoGame => ({
  id: 'spm-andar-bahar',
  name: 'Andar Bahar',
  providerId: 'spm',
  providerName: 'SPM Games',
  providerGameId: 'spm-andar-bahar',
  family: 'live-casino',
  category: 'Andar Bahar',
  thumbnail: '/media/casino/andar-bahar.svg',
  minBet: 10,
  maxBet: 7500,
  rtp: { min: 97, max: 97.85 },
  tags: ['popular'],
  enabled: true,
  sortOrder: 10,
  kind: 'andar-bahar',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const luckyWheel = game({
  id: 'spm-lucky-wheel',
  name: 'Lucky Wheel',
  family: 'live-show',
  category: 'Wheel',
  kind: 'lucky-wheel',
  maxBet: 5000,
  rtp: { min: 80.77, max: 96.15 },
  tags: ['new'],
  sortOrder: 50,
});

const provider = (overrides: Partial<StaffCasinoProvider> = {}): StaffCasinoProvider => ({
  id: 'spm',
  name: 'SPM Games',
  enabled: true,
  winsWithoutBet: false,
  launchUrl: null,
  secretLast4: 'WXYZ',
  builtIn: true,
  games: 14,
  enabledGames: 14,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const acme = provider({
  id: 'acme',
  name: 'Acme Live',
  launchUrl: 'https://acme.example/launch',
  secretLast4: 'ab12',
  builtIn: false,
  games: 3,
  enabledGames: 2,
});

const NEW_SECRET = 'Zq3-secret-shown-once-aaaaaaaaaaaaaaaaaaaaa';

const round: StaffCasinoRound = {
  id: '41',
  providerId: 'spm',
  providerName: 'SPM Games',
  providerRoundId: 'spm-andar-bahar-7',
  gameId: 'spm-andar-bahar',
  gameName: 'Andar Bahar',
  playerId: '12',
  playerUsername: 'ravi88',
  status: 'closed',
  playMoney: false,
  staked: 100,
  won: 195,
  refunded: 0,
  startedAt: '2026-11-20T10:00:00.000Z',
  closedAt: '2026-11-20T10:00:30.000Z',
  transactions: [
    {
      id: '1',
      kind: 'bet',
      providerTransactionId: 'tx-bet-1',
      referenceTransactionId: null,
      amount: 100,
      applied: 100,
      status: 'RS_OK',
      walletOperationId: '901',
      createdAt: '2026-11-20T10:00:01.000Z',
    },
    {
      id: '2',
      kind: 'win',
      providerTransactionId: 'tx-win-1',
      referenceTransactionId: 'tx-bet-1',
      amount: 195,
      applied: 195,
      status: 'RS_OK',
      walletOperationId: '902',
      createdAt: '2026-11-20T10:00:20.000Z',
    },
  ],
  fairness: {
    spmRoundId: 'spm-andar-bahar-7',
    tableId: 'spm-andar-bahar',
    number: 7,
    phase: 'settled',
    serverSeedHash: 'hash-abc',
    serverSeed: 'seed-revealed-xyz',
    clientSeed: 'client-1',
    nonce: 7,
    outcome: {
      hands: { joker: ['7H'], andar: ['2S', '7D'], bahar: ['KC'] },
      segment: null,
      winners: ['andar'],
      resultCode: 'A',
    },
  },
};

const figures = (stakes: number, wins: number, refunds: number, rounds = 1, players = 1) => ({
  stakes,
  wins,
  refunds,
  ggr: stakes - wins - refunds,
  rounds,
  players,
});
const zero = figures(0, 0, 0, 0, 0);

const ggrReport: StaffCasinoGgr = {
  from: '2026-11-19',
  to: '2026-11-25',
  groupBy: 'game',
  rows: [
    {
      key: 'spm-andar-bahar',
      label: 'Andar Bahar',
      real: figures(1300, 400, 300, 2),
      playMoney: figures(200, 50, 0),
    },
    { key: 'ext-roulette', label: 'Ext Roulette', real: figures(7500, 75000, 0), playMoney: zero },
  ],
  totals: { real: figures(8800, 75400, 300, 3), playMoney: figures(200, 50, 0) },
};

beforeEach(() => signInAsAdmin());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('casino games', () => {
  it('lists games and disables one with its inline switch', async () => {
    const external = game({
      id: 'acme-roulette',
      name: 'Acme Roulette',
      providerId: 'acme',
      providerName: 'Acme Live',
      kind: null,
      minBet: 20,
      maxBet: 2000,
      rtp: { min: 97.3, max: 97.3 },
      tags: [],
    });
    const fetchMock = mockApi({
      'GET /api/staff/casino/games': ok([game(), luckyWheel, external]),
      'PATCH /api/staff/casino/games/spm-andar-bahar': ok(game({ enabled: false })),
    });
    renderPage(<CasinoGamesPage />);
    const table = await screen.findByTestId('casino-games-table');
    expect(await within(table).findByText('Andar Bahar')).toBeInTheDocument();
    expect(within(table).getByText('10.00 – 7,500.00')).toBeInTheDocument();
    // A built-in game's RTP is the range of its bets; another provider's its single figure.
    const rtps = within(table).getAllByTestId('casino-game-rtp');
    expect(rtps.map((cell) => cell.textContent)).toEqual([
      '97.00–97.85 %',
      '80.77–96.15 %',
      '97.30 %',
    ]);
    expect(rtps[0]).toHaveAttribute('title', expect.stringContaining('lowest to the highest'));
    expect(within(table).getByLabelText('Popular: Andar Bahar')).toBeChecked();
    expect(within(table).getByLabelText('New: Andar Bahar')).not.toBeChecked();

    fireEvent.click(within(table).getByLabelText('Enabled: Andar Bahar'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-andar-bahar')[0]?.body).toEqual({
        enabled: false,
      }),
    );
    await waitFor(() =>
      expect(within(table).getByLabelText('Enabled: Andar Bahar')).not.toBeChecked(),
    );
    expect(within(table).getAllByText('Disabled')).toHaveLength(1);
  });

  it('filters by family and saves tags and the lobby order', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/games': ok([game(), luckyWheel]),
      'PATCH /api/staff/casino/games/spm-lucky-wheel': ok(luckyWheel),
    });
    renderPage(<CasinoGamesPage />);
    const table = await screen.findByTestId('casino-games-table');
    await within(table).findByText('Lucky Wheel');
    fireEvent.change(screen.getByLabelText('Family'), { target: { value: 'live-show' } });
    expect(within(table).queryByText('Andar Bahar')).not.toBeInTheDocument();

    fireEvent.click(within(table).getByLabelText('Popular: Lucky Wheel'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-lucky-wheel')[0]?.body).toEqual({
        isPopular: true,
      }),
    );
    const order = within(table).getByLabelText('Order of Lucky Wheel');
    fireEvent.change(order, { target: { value: '5' } });
    fireEvent.blur(order);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-lucky-wheel')[1]?.body).toEqual({
        sortOrder: 5,
      }),
    );
  });

  it('edits limits, refusing a minimum above the maximum or a maximum above the rules', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/games': ok([game()]),
      'PATCH /api/staff/casino/games/spm-andar-bahar': ok(game({ minBet: 5, maxBet: 500 })),
    });
    renderPage(<CasinoGamesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Andar Bahar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Andar Bahar' });
    const min = within(dialog).getByLabelText('Minimum bet (points)');
    const max = within(dialog).getByLabelText('Maximum bet (points)');
    fireEvent.change(min, { target: { value: '600' } });
    fireEvent.change(max, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The minimum bet cannot be above the maximum.'),
    ).toBeInTheDocument();
    fireEvent.change(min, { target: { value: '5' } });
    fireEvent.change(max, { target: { value: '8000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The maximum bet cannot be above 7,500.00 points (game rules).',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-andar-bahar')).toHaveLength(0);

    fireEvent.change(max, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-andar-bahar')[0]?.body).toEqual({
        minBet: 5,
        maxBet: 500,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends only what the editor changed', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/games': ok([game()]),
      'PATCH /api/staff/casino/games/spm-andar-bahar': ok(game({ name: 'Andar Bahar Live' })),
    });
    renderPage(<CasinoGamesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Andar Bahar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Andar Bahar' });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Andar Bahar Live' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/games/spm-andar-bahar')[0]?.body).toEqual({
        name: 'Andar Bahar Live',
      }),
    );
  });

  it('shows the error when the games cannot be loaded', async () => {
    mockApi({ 'GET /api/staff/casino/games': fail(500, 'INTERNAL', 'Something went wrong') });
    renderPage(<CasinoGamesPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('casino providers', () => {
  it('shows secrets by their last 4 characters and creates a provider showing its secret once', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = mockApi({
      'GET /api/staff/casino/providers': ok([provider(), acme]),
      'POST /api/staff/casino/providers': ok({
        provider: provider({
          id: 'newco',
          name: 'New Co',
          builtIn: false,
          games: 0,
          enabledGames: 0,
        }),
        secret: NEW_SECRET,
      }),
    });
    renderPage(<CasinoProvidersPage />);
    const table = await screen.findByTestId('casino-providers-table');
    expect(await within(table).findByText('••••WXYZ')).toBeInTheDocument();
    expect(within(table).getByText('••••ab12')).toBeInTheDocument();
    // The built-in provider has no secret to rotate.
    expect(screen.queryByRole('button', { name: 'Rotate the secret of SPM Games' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const form = await screen.findByRole('dialog', { name: 'Add an external provider' });
    fireEvent.change(within(form).getByLabelText('Provider id'), { target: { value: 'New Co' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'New Co' } });
    fireEvent.change(within(form).getByLabelText('Launch address'), {
      target: { value: 'https://newco.example/play' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add provider' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('id:');
    expect(callsTo(fetchMock, 'POST /api/staff/casino/providers')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Provider id'), { target: { value: 'newco' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add provider' }));
    const secret = await screen.findByRole('dialog', { name: 'Secret of New Co' });
    expect(callsTo(fetchMock, 'POST /api/staff/casino/providers')[0]?.body).toEqual({
      id: 'newco',
      name: 'New Co',
      launchUrl: 'https://newco.example/play',
    });
    expect(within(secret).getByTestId('provider-secret')).toHaveTextContent(NEW_SECRET);
    fireEvent.click(within(secret).getByRole('button', { name: 'Copy Secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_SECRET));
    expect(await within(secret).findByText('Copied')).toBeInTheDocument();
    fireEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(NEW_SECRET)).not.toBeInTheDocument());
  });

  it('disables a provider only after confirming, and rotates a secret showing the new one', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/providers': ok([provider(), acme]),
      'PATCH /api/staff/casino/providers/acme': ok({ ...acme, enabled: false }),
      'POST /api/staff/casino/providers/acme/rotate-secret': ok({
        provider: { ...acme, secretLast4: 'aaaa' },
        secret: NEW_SECRET,
      }),
    });
    renderPage(<CasinoProvidersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Acme Live' }));
    let confirm = await screen.findByRole('dialog', { name: 'Disable Acme Live?' });
    expect(confirm).toHaveTextContent('Its 2 enabled games leave the lobby');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'PATCH /api/staff/casino/providers/acme')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Disable Acme Live' }));
    confirm = await screen.findByRole('dialog', { name: 'Disable Acme Live?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/providers/acme')[0]?.body).toEqual({
        enabled: false,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rotate the secret of Acme Live' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the secret of Acme Live?' });
    fireEvent.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Secret of Acme Live' });
    expect(within(shown).getByTestId('provider-secret')).toHaveTextContent(NEW_SECRET);
    expect(callsTo(fetchMock, 'POST /api/staff/casino/providers/acme/rotate-secret')).toHaveLength(
      1,
    );
  });

  it('lets an external provider accept wins without a bet only when staff tick it, and shows it', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/providers': ok([provider(), acme]),
      'PATCH /api/staff/casino/providers/acme': ok({ ...acme, winsWithoutBet: true }),
    });
    renderPage(<CasinoProvidersPage />);
    // The built-in provider always has its bets first: no such switch for it.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SPM Games' }));
    let form = await screen.findByRole('dialog', { name: 'Edit SPM Games' });
    expect(within(form).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Acme Live' }));
    form = await screen.findByRole('dialog', { name: 'Edit Acme Live' });
    const accept = within(form).getByRole('checkbox', {
      name: 'Accept a win in a round without a bet',
    });
    expect(accept).not.toBeChecked();
    expect(form).toHaveTextContent('a leaked secret can credit any player');
    fireEvent.click(accept);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/casino/providers/acme')[0]?.body).toEqual({
        winsWithoutBet: true,
      }),
    );
  });

  it('marks a provider that accepts wins without a bet in the list', async () => {
    mockApi({
      'GET /api/staff/casino/providers': ok([provider(), { ...acme, winsWithoutBet: true }]),
    });
    renderPage(<CasinoProvidersPage />);
    const table = await screen.findByTestId('casino-providers-table');
    await waitFor(() => expect(table).toHaveTextContent('Wins without a bet'));
    expect(within(table).getAllByText('Wins without a bet')).toHaveLength(1);
  });

  it('says why a change was refused', async () => {
    mockApi({
      'GET /api/staff/casino/providers': ok([provider(), acme]),
      'POST /api/staff/casino/providers/acme/rotate-secret': fail(409, 'CONFLICT', 'Busy'),
    });
    renderPage(<CasinoProvidersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate the secret of Acme Live' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the secret of Acme Live?' });
    fireEvent.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('provider-secret')).toBeNull();
  });
});

describe('casino rounds', () => {
  it('searches by player and opens a round onto its transactions and fairness data', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/rounds': ok({ items: [round], page: 1, pageSize: 20, total: 1 }),
    });
    renderPage(<CasinoRoundsPage />);
    const table = await screen.findByTestId('casino-rounds-table');
    expect(await within(table).findByText('ravi88')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Player (id or username)'), {
      target: { value: ' ravi88 ' },
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const url = callsTo(fetchMock, 'GET /api/staff/casino/rounds').at(-1)?.url;
      expect(url?.searchParams.get('playerId')).toBe('ravi88');
      expect(url?.searchParams.has('player')).toBe(false);
      expect(url?.searchParams.get('from')).toBe('2026-11-20');
      expect(url?.searchParams.has('to')).toBe(false);
    });

    expect(screen.queryByTestId('round-detail-41')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Transactions of round 41' }));
    const detail = await screen.findByTestId('round-detail-41');
    expect(within(detail).getByText('tx-bet-1')).toBeInTheDocument();
    expect(within(detail).getByText('tx-win-1')).toBeInTheDocument();
    expect(within(detail).getByText('For tx-bet-1')).toBeInTheDocument();
    expect(within(detail).getByText('902')).toBeInTheDocument();
    expect(within(detail).getByText('seed-revealed-xyz')).toBeInTheDocument();
    expect(within(detail).getByText('Winners: andar')).toBeInTheDocument();
  });

  it('refuses a round id that is not digits without asking, and shows the empty state', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/casino/rounds': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderPage(<CasinoRoundsPage />);
    expect(await screen.findByText('No rounds found.')).toBeInTheDocument();
    const before = callsTo(fetchMock, 'GET /api/staff/casino/rounds').length;
    fireEvent.change(screen.getByLabelText('Round id'), { target: { value: '12a' } });
    expect(screen.getByText('Digits only')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(callsTo(fetchMock, 'GET /api/staff/casino/rounds')).toHaveLength(before);
  });
});

describe('casino GGR', () => {
  it('asks for the last 7 Indian days by game and shows the rows, totals and play money apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T20:00:00Z')); // 26 Nov 01:30 in India
    const fetchMock = mockApi({ 'GET /api/staff/casino/ggr': ok(ggrReport) });
    renderPage(<CasinoGgrPage />);
    const table = await screen.findByTestId('casino-ggr-table');
    vi.useRealTimers();
    const url = callsTo(fetchMock, 'GET /api/staff/casino/ggr')[0]?.url;
    expect(url?.searchParams.get('from')).toBe('2026-11-20');
    expect(url?.searchParams.get('to')).toBe('2026-11-26');
    expect(url?.searchParams.get('groupBy')).toBe('game');

    const andar = within(table).getByRole('row', { name: /Andar Bahar/ });
    expect(andar).toHaveTextContent('1,300.00');
    expect(andar).toHaveTextContent('600.00');
    expect(within(table).getByTestId('ggr-totals')).toHaveTextContent('-66,900.00');
    expect(screen.getByTestId('ggr-play-money')).toHaveTextContent('150.00');
  });

  it('groups by day on apply and refuses a start after the end', async () => {
    const fetchMock = mockApi({ 'GET /api/staff/casino/ggr': ok(ggrReport) });
    renderPage(<CasinoGgrPage />);
    await screen.findByTestId('casino-ggr-table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('The start cannot be after the end.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(callsTo(fetchMock, 'GET /api/staff/casino/ggr')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-12' } });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const url = callsTo(fetchMock, 'GET /api/staff/casino/ggr').at(-1)?.url;
      expect(url?.searchParams.get('from')).toBe('2026-11-10');
      expect(url?.searchParams.get('to')).toBe('2026-11-12');
      expect(url?.searchParams.get('groupBy')).toBe('day');
    });
  });
});
