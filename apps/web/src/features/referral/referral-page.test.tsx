import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ReferralChild,
  ReferralChildren,
  ReferralSources,
  ReferralStats,
} from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { useAuthStore } from '@/shared/stores/auth-store';
import { playerProfile } from '@/test/fixtures';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const STATS = 'GET /api/ref/stats';
const SOURCES = 'GET /api/ref/sources';
const CHILDREN = 'GET /api/ref/children';
const GENERATE = 'POST /api/ref/generate';
const CODE = 'AB23CD45';

const terms = { rewardPoints: 100, minDepositPoints: 500, active: true };

const noCode: ReferralStats = {
  code: null,
  visits: 0,
  signUps: 0,
  rewarded: 0,
  rewardsPoints: 0,
  terms,
};

const withCode: ReferralStats = {
  code: CODE,
  visits: 12,
  signUps: 3,
  rewarded: 2,
  rewardsPoints: 200,
  terms,
};

const sources: ReferralSources = [
  { source: 'whatsapp', visits: 7, signUps: 2, rewarded: 1 },
  { source: 'link', visits: 3, signUps: 1, rewarded: 1 },
  { source: 'web.whatsapp.com', visits: 2, signUps: 0, rewarded: 0 },
];

const friend = (index: number, rewarded: boolean): ReferralChild => ({
  username: `f${index}******`,
  joinedAt: new Date(Date.UTC(2025, 0, 10, 9, 59 - index)).toISOString(),
  source: index % 2 === 0 ? 'telegram' : 'direct',
  rewardPoints: rewarded ? 100 : null,
  rewardedAt: rewarded ? '2025-01-12T06:30:00.000Z' : null,
});

const firstPage: ReferralChildren = {
  items: [friend(0, true), friend(1, false)],
  page: 1,
  pageSize: 20,
  total: 2,
};

const noChildren: ReferralChildren = { items: [], page: 1, pageSize: 20, total: 0 };

function openReferral(routes: Record<string, MockRoute> = {}, { demo = false } = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    [STATS]: ok(withCode),
    [SOURCES]: ok(sources),
    [CHILDREN]: ok(firstPage),
    ...routes,
  });
  signIn();
  if (demo) {
    useAuthStore.getState().setSession({
      token: 'token-1',
      user: { id: 1, username: 'demo01', isDemo: true },
    });
  }
  renderApp('/referral');
  return fetchMock;
}

/** The navigator's async clipboard, recorded. */
function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('/referral, refer and earn', () => {
  beforeEach(() => resetStores());

  it('is reached from the account menu', async () => {
    mockApi({
      'GET /api/profile': ok(playerProfile),
      [STATS]: ok(withCode),
      [SOURCES]: ok(sources),
      [CHILDREN]: ok(firstPage),
    });
    signIn();
    renderApp('/profile');
    await userEvent.click(await screen.findByTestId('account-menu'));
    await userEvent.click(screen.getByTestId('referral-menu-link'));
    expect(await screen.findByTestId('referral-code')).toHaveTextContent(CODE);
    expect(screen.getByTestId('location')).toHaveTextContent('/referral');
  });

  it('without a code: the button makes one, then the page reads the stats again and shows it', async () => {
    const user = userEvent.setup();
    let generated = false;
    const fetchMock = openReferral({
      [STATS]: () => ok(generated ? withCode : noCode),
      [GENERATE]: () => {
        generated = true;
        return ok({ code: CODE, createdAt: '2025-01-10T10:00:00.000Z' });
      },
      [SOURCES]: ok([]),
      [CHILDREN]: ok(noChildren),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer and Earn' })).toBeVisible();
    const button = await screen.findByTestId('referral-generate');
    expect(button).toHaveTextContent('Get my referral code');
    expect(screen.queryByTestId('referral-code')).not.toBeInTheDocument();
    expect(screen.queryByTestId('referral-link')).not.toBeInTheDocument();

    await user.click(button);
    expect(await screen.findByTestId('referral-code')).toHaveTextContent(CODE);
    expect(callsTo(fetchMock, GENERATE)).toHaveLength(1);
    expect(callsTo(fetchMock, GENERATE)[0]?.body).toBeUndefined();
    expect(callsTo(fetchMock, STATS)).toHaveLength(2);
    expect(screen.queryByTestId('referral-generate')).not.toBeInTheDocument();
  });

  it('toasts a refusal of the code (a demo account) and keeps the button', async () => {
    const user = userEvent.setup();
    const fetchMock = openReferral({
      [STATS]: ok(noCode),
      [GENERATE]: fail(403, 'DEMO_ACCOUNT', 'Demo accounts cannot do this.'),
    });
    await user.click(await screen.findByTestId('referral-generate'));
    expect(await screen.findByText('Demo accounts cannot do this.')).toBeInTheDocument();
    expect(callsTo(fetchMock, GENERATE)).toHaveLength(1);
    expect(screen.getByTestId('referral-generate')).toBeEnabled();
    expect(screen.queryByTestId('referral-code')).not.toBeInTheDocument();
  });

  it('tells a demo account up front that it cannot invite', async () => {
    openReferral({ [STATS]: ok(noCode) }, { demo: true });
    expect(await screen.findByTestId('referral-demo')).toHaveTextContent(
      'Demo accounts cannot invite friends.',
    );
    expect(screen.getByTestId('referral-generate')).toBeDisabled();
  });

  it('with a code: shows it, the invite link and WhatsApp and Telegram shares that carry the code and their source', async () => {
    openReferral();
    expect(await screen.findByTestId('referral-code')).toHaveTextContent(CODE);
    const origin = window.location.origin;
    const link = `${origin}/register?ref=${CODE}&source=link`;
    expect(screen.getByTestId('referral-link')).toHaveValue(link);
    expect(screen.getByLabelText('Your invite link')).toBe(screen.getByTestId('referral-link'));

    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const whatsappHref = whatsapp.getAttribute('href') ?? '';
    expect(whatsappHref.startsWith('https://wa.me/?text=')).toBe(true);
    const whatsappText = decodeURIComponent(whatsappHref.slice('https://wa.me/?text='.length));
    expect(whatsappText).toBe(
      `Join me! Sign up with my referral code ${CODE}\n${origin}/register?ref=${CODE}&source=whatsapp`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');

    const telegram = new URL(
      screen.getByRole('link', { name: 'Share on Telegram' }).getAttribute('href') ?? '',
    );
    expect(`${telegram.origin}${telegram.pathname}`).toBe('https://t.me/share/url');
    expect(telegram.searchParams.get('url')).toBe(`${origin}/register?ref=${CODE}&source=telegram`);
    expect(telegram.searchParams.get('text')).toBe(
      `Join me! Sign up with my referral code ${CODE}`,
    );
  });

  it('copies the code and the link, and says so', async () => {
    const user = userEvent.setup();
    const writeText = stubClipboard();
    openReferral();
    const copyCode = await screen.findByTestId('referral-copy-code');
    expect(copyCode).toHaveTextContent('Copy code');
    await user.click(copyCode);
    expect(writeText).toHaveBeenLastCalledWith(CODE);
    await waitFor(() => expect(copyCode).toHaveTextContent('Copied'));
    expect(screen.getByTestId('referral-copied')).toHaveTextContent('Copied');

    const copyLink = screen.getByTestId('referral-copy-link');
    await user.click(copyLink);
    expect(writeText).toHaveBeenLastCalledWith(
      `${window.location.origin}/register?ref=${CODE}&source=link`,
    );
    await waitFor(() => expect(copyLink).toHaveTextContent('Copied'));
    expect(copyCode).toHaveTextContent('Copy code');
  });

  it('copies without the async clipboard through a selection, and says when nothing could copy', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    openReferral();
    const copyLink = await screen.findByTestId('referral-copy-link');
    await user.click(copyLink);
    expect(execCommand).toHaveBeenCalledWith('copy');
    await waitFor(() => expect(copyLink).toHaveTextContent('Copied'));

    execCommand.mockReturnValue(false);
    await user.click(screen.getByTestId('referral-copy-code'));
    expect(
      await screen.findByText('Could not copy. Select the text and copy it yourself.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('referral-copy-code')).toHaveTextContent('Copy code');
  });

  it('shows the figures, the sources (the four known ones translated) and the invited friends', async () => {
    openReferral();
    const stats = await screen.findByTestId('referral-stats');
    expect(within(stats).getByTestId('referral-stat-visits')).toHaveTextContent('Visits12');
    expect(within(stats).getByTestId('referral-stat-sign-ups')).toHaveTextContent('Sign-ups3');
    expect(within(stats).getByTestId('referral-stat-rewarded')).toHaveTextContent(
      'Rewarded friends2',
    );
    expect(within(stats).getByTestId('referral-stat-rewards')).toHaveTextContent(
      'Rewards earned200.00',
    );

    const rows = await screen.findAllByTestId('referral-source');
    expect(rows.map((row) => row.dataset.source)).toEqual(sources.map((row) => row.source));
    expect(
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['WhatsApp', '7', '2', '1'],
      ['Shared link', '3', '1', '1'],
      ['web.whatsapp.com', '2', '0', '0'],
    ]);

    const friends = await screen.findAllByTestId('referral-child');
    expect(friends).toHaveLength(2);
    expect(within(friends[0]!).getByTestId('referral-child-name')).toHaveTextContent('f0******');
    expect(within(friends[0]!).getByTestId('referral-child-source')).toHaveTextContent('Telegram');
    expect(within(friends[0]!).getByTestId('referral-child-reward')).toHaveTextContent('+100.00');
    expect(
      within(friends[0]!).getByTestId('referral-child-reward').querySelector('time'),
    ).toHaveAttribute('dateTime', '2025-01-12T06:30:00.000Z');
    expect(within(friends[1]!).getByTestId('referral-child-source')).toHaveTextContent('Direct');
    expect(within(friends[1]!).getByTestId('referral-child-reward')).toHaveTextContent(
      'No qualifying deposit yet',
    );
    expect(friends[1]!.querySelector('time')).toHaveAttribute(
      'dateTime',
      friend(1, false).joinedAt,
    );
    expect(friends[1]!.querySelector('time')?.textContent).not.toBe('');
    // One page only: no pager.
    expect(screen.queryByTestId('referral-children-next')).not.toBeInTheDocument();
  });

  it('pages the invited friends, 20 a page', async () => {
    const user = userEvent.setup();
    const page = (number: number): ReferralChildren => ({
      items: Array.from({ length: number === 3 ? 5 : 20 }, (_, index) =>
        friend((number - 1) * 20 + index, false),
      ),
      page: number,
      pageSize: 20,
      total: 45,
    });
    const fetchMock = openReferral({
      [CHILDREN]: (url) => ok(page(Number(url.searchParams.get('page') ?? '1'))),
    });
    await screen.findAllByTestId('referral-child');
    expect(screen.getByTestId('referral-children-page')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('referral-children-prev')).toBeDisabled();
    const first = callsTo(fetchMock, CHILDREN)[0]!;
    expect(first.url.searchParams.get('page')).toBe('1');
    expect(first.url.searchParams.get('pageSize')).toBe('20');

    await user.click(screen.getByTestId('referral-children-next'));
    await waitFor(() =>
      expect(screen.getByTestId('referral-children-page')).toHaveTextContent('Page 2 of 3'),
    );
    const asked = callsTo(fetchMock, CHILDREN).map((call) => call.url.searchParams.get('page'));
    expect(asked).toEqual(['1', '2']);
    expect(screen.getAllByTestId('referral-child-name')[0]).toHaveTextContent('f20******');

    await user.click(screen.getByTestId('referral-children-prev'));
    await waitFor(() =>
      expect(screen.getByTestId('referral-children-page')).toHaveTextContent('Page 1 of 3'),
    );
    expect(screen.getAllByTestId('referral-child-name')[0]).toHaveTextContent('f0******');
  });

  it('states the terms: the reward and the minimum deposit, or that none is paid now', async () => {
    openReferral();
    const line = await screen.findByTestId('referral-terms');
    expect(line).toHaveTextContent(
      'Invite friends: you get 100.00 bonus coins the first time a friend you invited deposits at least 500.00 points in one deposit.',
    );
    expect(line).toHaveTextContent('Bonus coins are paid into your casino bonus');
    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByTestId('referral-terms')).toHaveTextContent(
      'दोस्तों को आमंत्रित करें: आपके आमंत्रित किसी दोस्त के पहली बार एक ही जमा में कम से कम 500.00 अंक',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('says when the operator pays no reward, while invites are still counted', async () => {
    openReferral({
      [STATS]: ok({
        ...withCode,
        terms: { rewardPoints: 0, minDepositPoints: 500, active: false },
      }),
    });
    const line = await screen.findByTestId('referral-terms');
    expect(line).toHaveTextContent(
      'No reward is paid for invitations right now, but every friend you invite is still counted here.',
    );
    expect(line).not.toHaveTextContent('bonus coins');
    // The code and link are still there to share.
    expect(screen.getByTestId('referral-code')).toHaveTextContent(CODE);
  });

  it('says so when no source and no friend is there yet', async () => {
    openReferral({ [SOURCES]: ok([]), [CHILDREN]: ok(noChildren) });
    expect(await screen.findByTestId('referral-sources-empty')).toHaveTextContent(
      'No visits through your link yet.',
    );
    expect(await screen.findByTestId('referral-children-empty')).toHaveTextContent(
      'No friend has signed up with your code yet.',
    );
    expect(screen.queryByTestId('referral-source')).not.toBeInTheDocument();
  });

  it('shows a loader, then an error with a retry that reads again', async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const fetchMock = openReferral({
      [STATS]: async () => {
        reads += 1;
        if (reads > 1) return ok(withCode);
        await gate;
        return fail(500, 'INTERNAL', 'boom');
      },
    });
    const page = await screen.findByTestId('referral-page');
    expect(page.querySelector('.page-loader')).not.toBeNull();
    release();
    const error = await screen.findByTestId('referral-error');
    expect(error).toHaveTextContent('Your referral programme could not be loaded.');
    expect(page.querySelector('.page-loader')).toBeNull();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('referral-code')).toHaveTextContent(CODE);
    expect(callsTo(fetchMock, STATS)).toHaveLength(2);
  });

  it('shows a section’s own error when only its list fails', async () => {
    openReferral({
      [SOURCES]: fail(500, 'INTERNAL', 'boom'),
      [CHILDREN]: fail(500, 'INTERNAL', 'x'),
    });
    expect(await screen.findByTestId('referral-sources-error')).toHaveTextContent(
      'This section could not be loaded.',
    );
    expect(await screen.findByTestId('referral-children-error')).toBeInTheDocument();
    expect(screen.getByTestId('referral-stats')).toBeInTheDocument();
  });
});
