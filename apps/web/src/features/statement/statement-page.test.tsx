import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementEntry } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { useAppStore } from '@/shared/stores/app-store';
import { playerProfile } from '@/test/fixtures';
import { callsTo, deferred, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

// 20:00 UTC on 10 May is 01:30 on 11 May in India: the default range must end on the 11th.
const NOW = new Date('2024-05-10T20:00:00Z');
const DEFAULT_PATH = '/api/getAccountstatement/2024-05-05/2024-05-11';

const entry = (id: string, fields: Partial<StatementEntry> = {}): StatementEntry => ({
  id,
  time: '2024-05-10T09:30:00.000Z',
  type: 'deposit',
  kind: 'deposit',
  wallet: 'cash',
  description: 'UPI deposit',
  reference: `REF-${id}`,
  credit: 100000,
  debit: 0,
  balanceAfter: 125000.5,
  ...fields,
});

const lines = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => entry(`${prefix}${index + 1}`));

/** GET /getAccountstatement answering by page from `pages` (total = `total`). */
function statementRoute(pages: Record<number, StatementEntry[]>, total: number): MockRoute {
  return (url) => {
    const page = Number(url.searchParams.get('page'));
    return ok({ items: pages[page] ?? [], page, pageSize: 20, total });
  };
}

function openStatement(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  renderApp('/statement');
  return fetchMock;
}

const statementCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname.startsWith('/api/getAccountstatement/'));

const setDate = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('account statement (SPEC 2.6, 7.3)', () => {
  beforeEach(() => {
    resetStores();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the last 7 days in India and asks for the first page', async () => {
    const fetchMock = openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute({ 1: [entry('a')] }, 1),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account Statement' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('statement-from')).toHaveValue('2024-05-05');
    expect(screen.getByTestId('statement-to')).toHaveValue('2024-05-11');
    await screen.findByTestId('statement-row');
    const [call] = callsTo(fetchMock, `GET ${DEFAULT_PATH}`);
    expect(call?.url.search).toBe('?page=1&pageSize=20');
    expect(call?.headers.authorization).toBe('token-1');
    expect(statementCalls(fetchMock)).toHaveLength(1);
  });

  it('shows each line with its translated kind and wallet and formatted amounts', async () => {
    openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute(
        {
          1: [
            entry('a'),
            entry('b', {
              time: '2024-05-09T14:05:00.000Z',
              // Written by the ledger as a settlement: the casino stake reads as itself.
              type: 'bet_settlement',
              kind: 'casino.stake',
              wallet: 'sports',
              description: 'MI v CSK match odds',
              credit: 0,
              debit: 2500.75,
              balanceAfter: 122499.75,
            }),
          ],
        },
        2,
      ),
    });
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1)).toEqual([
      'Deposit',
      'Cash',
      'UPI deposit',
      'REF-a',
      '1,00,000.00',
      '—',
      '1,25,000.50',
    ]);
    expect(cells(rows[1]!).slice(1)).toEqual([
      'Casino bet',
      'Sports bonus',
      'MI v CSK match odds',
      'REF-b',
      '—',
      '2,500.75',
      '1,22,499.75',
    ]);
    const time = rows[0]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2024-05-10T09:30:00.000Z');
    expect(time?.textContent).toMatch(/2024/);

    await act(() => i18n.changeLanguage('hi'));
    expect(within(rows[0]!).getByText('जमा')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('नकद')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('कैसीनो दांव')).toBeInTheDocument();
  });

  it('names a line by product and operation: exchange settlement, crash cash-out, bonus grant', async () => {
    const kinds = [
      'exchange.settlement',
      'crash.cashout',
      'bonus.grant',
      'casino.rollback',
    ] as const;
    openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute(
        { 1: kinds.map((kind, index) => entry(`k${index}`, { kind, type: 'bet_settlement' })) },
        kinds.length,
      ),
    });
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows.map((row) => row.dataset.kind)).toEqual([...kinds]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Exchange bet settled',
      'Crash cash-out',
      'Bonus granted',
      'Casino bet refunded',
    ]);
    await act(() => i18n.changeLanguage('ta'));
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'எக்ஸ்சேஞ்ச் பந்தயத் தீர்வு',
      'கிராஷ் கேஷ்-அவுட்',
      'போனஸ் வழங்கப்பட்டது',
      'கேசினோ பந்தயத் தொகை திரும்பல்',
    ]);
  });

  it('pages with next and previous', async () => {
    const fetchMock = openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute(
        { 1: lines(20, 'p1-'), 2: lines(20, 'p2-'), 3: lines(5, 'p3-') },
        45,
      ),
    });
    await screen.findAllByTestId('statement-row');
    expect(screen.getByTestId('statement-page')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('statement-prev')).toBeDisabled();

    await userEvent.click(screen.getByTestId('statement-next'));
    await waitFor(() =>
      expect(screen.getByTestId('statement-page')).toHaveTextContent('Page 2 of 3'),
    );
    expect(screen.getAllByTestId('statement-row')[0]).toHaveTextContent('REF-p2-1');
    expect(statementCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(statementCalls(fetchMock)[1]?.pathname).toBe(DEFAULT_PATH);

    await userEvent.click(screen.getByTestId('statement-next'));
    await waitFor(() =>
      expect(screen.getByTestId('statement-page')).toHaveTextContent('Page 3 of 3'),
    );
    expect(screen.getAllByTestId('statement-row')).toHaveLength(5);
    expect(screen.getByTestId('statement-next')).toBeDisabled();

    await userEvent.click(screen.getByTestId('statement-prev'));
    await waitFor(() =>
      expect(screen.getByTestId('statement-page')).toHaveTextContent('Page 2 of 3'),
    );
  });

  it('refuses a To date before the From date without a request', async () => {
    const fetchMock = openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute({ 1: [entry('a')] }, 1),
    });
    await screen.findByTestId('statement-row');
    setDate('statement-to', '2024-05-01');
    await userEvent.click(screen.getByTestId('statement-submit'));
    expect(screen.getByTestId('statement-range-error')).toHaveTextContent(
      "The 'To' date cannot be before the 'From' date.",
    );
    expect(statementCalls(fetchMock)).toHaveLength(1);

    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('statement-range-error')).toHaveTextContent(
      'La date « Au » ne peut pas être antérieure à la date « Du ».',
    );
  });

  it('refuses more than 92 days, then asks for a valid new range from page 1', async () => {
    const fetchMock = openStatement({
      [`GET ${DEFAULT_PATH}`]: statementRoute({ 1: [entry('a')] }, 1),
      'GET /api/getAccountstatement/2024-04-01/2024-04-30': statementRoute(
        { 1: [entry('april')] },
        1,
      ),
    });
    await screen.findByTestId('statement-row');
    setDate('statement-from', '2024-01-01');
    await userEvent.click(screen.getByTestId('statement-submit'));
    expect(screen.getByTestId('statement-range-error')).toHaveTextContent(
      'Choose a period of at most 92 days.',
    );
    expect(statementCalls(fetchMock)).toHaveLength(1);

    setDate('statement-from', '2024-04-01');
    setDate('statement-to', '2024-04-30');
    expect(screen.queryByTestId('statement-range-error')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('statement-submit'));
    expect(await screen.findByText('REF-april')).toBeInTheDocument();
    const last = statementCalls(fetchMock).at(-1);
    expect(last?.pathname).toBe('/api/getAccountstatement/2024-04-01/2024-04-30');
    expect(last?.searchParams.get('page')).toBe('1');
  });

  it('shows a loading state, then an empty state when the period has no lines', async () => {
    const gate = deferred(ok({ items: [], page: 1, pageSize: 20, total: 0 }));
    openStatement({ [`GET ${DEFAULT_PATH}`]: gate.route });
    expect(await screen.findByTestId('statement-loading')).toBeInTheDocument();
    gate.release();
    expect(await screen.findByTestId('statement-empty')).toHaveTextContent(
      'No transactions in this period.',
    );
    expect(screen.queryByTestId('statement-loading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('statement-row')).not.toBeInTheDocument();
    expect(screen.queryByTestId('statement-next')).not.toBeInTheDocument();
  });

  it('is reached from the account menu and the profile page', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [`GET ${DEFAULT_PATH}`]: statementRoute({}, 0),
    });
    signIn();
    renderApp('/profile');
    expect(await screen.findByTestId('profile-statement-link')).toHaveAttribute(
      'href',
      '/statement',
    );
    await userEvent.click(screen.getByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('statement-link'));
    expect(await screen.findByTestId('statement-empty')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/statement');
  });

  it('is protected: a visitor goes to / with the login dialog and nothing is asked', async () => {
    const fetchMock = mockApi();
    renderApp('/statement');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useAppStore.getState().activeAuthModal).toBe('login');
    expect(statementCalls(fetchMock)).toHaveLength(0);
  });
});
