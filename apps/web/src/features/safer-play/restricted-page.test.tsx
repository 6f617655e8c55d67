import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExclusionStatus } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const ENDS = '2027-06-02T10:00:00.000Z';
const history = [
  {
    id: '1',
    kind: 'self_exclusion' as const,
    startsAt: '2026-12-02T10:00:00.000Z',
    endsAt: ENDS,
    returnRequestedAt: null,
    returnsAt: null,
  },
];

const RESTRICTED_TEXT = /only withdrawals and your history are open/;

/** The restricted view's own frame, never the full app's header and navigation. */
function expectRestrictedFrame() {
  expect(screen.getByTestId('restricted-frame')).toBeInTheDocument();
  expect(screen.getByTestId('restricted-signout')).toHaveTextContent('Log out');
  for (const full of ['bottom-nav', 'notifications-bell', 'account-menu', 'brand-link']) {
    expect(screen.queryByTestId(full), full).toBeNull();
  }
}

function signInRestricted() {
  useAuthStore.getState().setSession({
    token: 'token-1',
    user: { id: 1, username: 'ravi', restriction: { kind: 'self_exclusion', until: null } },
  });
}

describe('the restricted view of a time-out or self-exclusion (issue 42 item 3)', () => {
  beforeEach(() => resetStores());

  it('says until when, offers withdraw and history, and keeps every other page away', async () => {
    const status: ExclusionStatus = {
      restriction: { kind: 'self_exclusion', endsAt: ENDS, canAskToReturn: false, returnsAt: null },
      history,
    };
    mockApi({ 'GET /api/rg/exclusion': ok(status) });
    signInRestricted();
    renderApp('/home');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/restricted'));
    expect(await screen.findByTestId('restricted-until')).toHaveTextContent(
      /You have excluded yourself until .*2027/,
    );
    expect(screen.getByTestId('restricted-withdraw')).toHaveAttribute('href', '/withdraw');
    expect(screen.getByTestId('restricted-statement')).toHaveAttribute('href', '/statement');
    expect(screen.queryByTestId('restricted-ask-return')).toBeNull();
    expectRestrictedFrame();
  });

  it('shows the history pages in the same frame, with links between the open pages', async () => {
    mockApi({});
    signInRestricted();
    renderApp('/statement');
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('location')).toHaveTextContent('/statement');
    expectRestrictedFrame();
    expect(screen.getByTestId('restricted-link-overview')).toHaveAttribute('href', '/restricted');
    expect(screen.getByTestId('restricted-link-withdraw')).toHaveAttribute('href', '/withdraw');
    expect(screen.getByTestId('restricted-link-bets')).toHaveAttribute('href', '/mybets');
  });

  it('opens the restricted view, not a toast, when the server answers RESTRICTED', async () => {
    const status: ExclusionStatus = {
      restriction: { kind: 'time_out', endsAt: ENDS, canAskToReturn: false, returnsAt: null },
      history,
    };
    mockApi({
      'GET /api/bet/matches': fail(403, 'RESTRICTED', RESTRICTED_TEXT.source),
      'GET /api/rg/exclusion': ok(status),
    });
    signIn();
    renderApp('/home');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/restricted'));
    expect(await screen.findByTestId('restricted-until')).toHaveTextContent(/time-out until/);
    expectRestrictedFrame();
    expect(screen.queryByText(RESTRICTED_TEXT)).toBeNull();
  });

  it('after the end asks to return and shows when play reopens', async () => {
    const ended: ExclusionStatus = {
      restriction: { kind: 'self_exclusion', endsAt: ENDS, canAskToReturn: true, returnsAt: null },
      history,
    };
    const asked: ExclusionStatus = {
      restriction: {
        kind: 'self_exclusion',
        endsAt: ENDS,
        canAskToReturn: false,
        returnsAt: '2027-06-10T10:00:00.000Z',
      },
      history,
    };
    const fetchMock = mockApi({
      'GET /api/rg/exclusion': ok(ended),
      'POST /api/rg/exclusion/return': ok(asked),
    });
    signInRestricted();
    renderApp('/restricted');
    await userEvent.click(await screen.findByTestId('restricted-ask-return'));
    expect(callsTo(fetchMock, 'POST /api/rg/exclusion/return')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('restricted-until')).toHaveTextContent(/Play reopens on .*2027/),
    );
  });
});
