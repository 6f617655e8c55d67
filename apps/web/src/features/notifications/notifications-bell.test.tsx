import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@spm/contract';
import type { Notification } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { createdSocket } from '@/test/fake-socket';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const LIST = 'GET /api/notifications';
const READ = 'POST /api/notifications/read';

const note = (id: string, fields: Partial<Notification> = {}): Notification => ({
  id,
  title: `Title ${id}`,
  message: `Message ${id}`,
  status: 'info',
  read: false,
  createdAt: '2024-05-10T09:30:00.000Z',
  ...fields,
});

const page = (items: Notification[], unread: number, total = items.length, number = 1) =>
  ok({ items, page: number, pageSize: 20, total, unread });

/** Newest first, as the server sends them. */
const threeNotes = [
  note('n3', { status: 'warning', createdAt: '2024-05-10T12:00:00.000Z' }),
  note('n2', { status: 'success', read: true, createdAt: '2024-05-10T11:00:00.000Z' }),
  note('n1', { status: 'error', createdAt: '2024-05-10T10:00:00.000Z' }),
];

function signedIn(routes: Record<string, MockRoute>) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  signIn();
  renderApp('/home');
  return fetchMock;
}

const unreadBadge = () => screen.queryByTestId('notifications-unread');

describe('notifications (SPEC 3, 6)', () => {
  beforeEach(() => resetStores());

  it('are not fetched while signed out, and are once signed in', async () => {
    const fetchMock = mockApi({ [LIST]: page(threeNotes, 2) });
    renderApp('/');
    await screen.findByTestId('open-login');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/getAppDetails')).toHaveLength(1));
    expect(screen.queryByTestId('notifications-bell')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, LIST)).toHaveLength(0);

    act(() => signIn());
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('2'));
    const [call] = callsTo(fetchMock, LIST);
    expect(call?.url.search).toBe('?page=1&pageSize=20');
    expect(call?.headers.authorization).toBe('token-1');

    act(() => useAuthStore.getState().clearSession());
    await waitFor(() => expect(screen.queryByTestId('notifications-bell')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, LIST)).toHaveLength(1);
  });

  it('shows the unread count and lists them newest first with status and time', async () => {
    signedIn({ [LIST]: page(threeNotes, 2) });
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('2'));
    expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await userEvent.click(bell);
    const panel = screen.getByTestId('notifications-panel');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((item) => item.querySelector('.notification__title')?.textContent)).toEqual([
      'Title n3',
      'Title n2',
      'Title n1',
    ]);
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual([
      'warning',
      'success',
      'error',
    ]);
    expect(items[0]).toHaveClass('notification--warning', 'notification--unread');
    expect(items[1]).not.toHaveClass('notification--unread');
    expect(items[0]).toHaveTextContent('Message n3');
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2024-05-10T12:00:00.000Z');
  });

  it('"mark all read" posts without ids and clears the count', async () => {
    const fetchMock = signedIn({ [LIST]: page(threeNotes, 2), [READ]: ok({ unread: 0 }) });
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('2'));
    await userEvent.click(screen.getByTestId('notifications-bell'));
    await userEvent.click(screen.getByTestId('notifications-mark-all'));

    await waitFor(() => expect(unreadBadge()).not.toBeInTheDocument());
    expect(callsTo(fetchMock, READ).map((call) => call.body)).toEqual([{}]);
    expect(
      screen.getAllByTestId('notification-item').map((item) => item.getAttribute('data-read')),
    ).toEqual(['true', 'true', 'true']);
    expect(screen.getByTestId('notifications-mark-all')).toBeDisabled();
    expect(screen.getByTestId('notifications-bell')).toHaveAccessibleName('Notifications');
  });

  it('marks one read when it is opened, and sends nothing for a read one', async () => {
    const fetchMock = signedIn({ [LIST]: page(threeNotes, 2), [READ]: ok({ unread: 1 }) });
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('2'));
    await userEvent.click(screen.getByTestId('notifications-bell'));
    const [newest, read] = screen.getAllByTestId('notification-item');

    await userEvent.click(read!);
    expect(callsTo(fetchMock, READ)).toHaveLength(0);

    await userEvent.click(newest!);
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('1'));
    expect(callsTo(fetchMock, READ).map((call) => call.body)).toEqual([{ ids: ['n3'] }]);
    const after = screen.getAllByTestId('notification-item');
    expect(after.map((item) => item.getAttribute('data-read'))).toEqual(['true', 'true', 'false']);
  });

  it('loads more pages until all are shown', async () => {
    const first = Array.from({ length: 20 }, (_, index) =>
      note(`a${index}`, {
        createdAt: new Date(Date.UTC(2024, 4, 10, 12, 0, 60 - index)).toISOString(),
      }),
    );
    const second = Array.from({ length: 5 }, (_, index) =>
      note(`b${index}`, {
        createdAt: new Date(Date.UTC(2024, 4, 9, 12, 0, 60 - index)).toISOString(),
      }),
    );
    const fetchMock = signedIn({
      [LIST]: (url) =>
        url.searchParams.get('page') === '2' ? page(second, 25, 25, 2) : page(first, 25, 25, 1),
    });
    await userEvent.click(await screen.findByTestId('notifications-bell'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(20));

    await userEvent.click(screen.getByTestId('notifications-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(25));
    expect(callsTo(fetchMock, LIST).map((call) => call.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(screen.getAllByTestId('notification-item').at(-1)).toHaveTextContent('Title b4');
    expect(screen.queryByTestId('notifications-load-more')).not.toBeInTheDocument();
  });

  it('shows an empty list', async () => {
    signedIn({});
    await userEvent.click(await screen.findByTestId('notifications-bell'));
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent(
      'You have no notifications.',
    );
    expect(unreadBadge()).not.toBeInTheDocument();
  });

  it('refreshes the list and the count when a realtime notification arrives', async () => {
    let items: Notification[] = [];
    const fetchMock = signedIn({
      [LIST]: () => page(items, items.filter((item) => !item.read).length),
    });
    await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(1));
    expect(unreadBadge()).not.toBeInTheDocument();

    items = [note('new', { title: 'Deposit', message: 'Approved', status: 'success' })];
    const socket = await createdSocket();
    act(() =>
      socket.serverEmit(SERVER_EVENTS.notificationToast, {
        title: 'Deposit',
        message: 'Approved',
        status: 'success',
      }),
    );
    expect(await screen.findByText('Deposit : Approved')).toBeInTheDocument();
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('1'));
    expect(callsTo(fetchMock, LIST)).toHaveLength(2);
  });

  it('caps the badge at 99+', async () => {
    signedIn({ [LIST]: page([note('x')], 250, 250) });
    await waitFor(() => expect(unreadBadge()).toHaveTextContent('99+'));
  });
});
