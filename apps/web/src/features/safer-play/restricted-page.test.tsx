import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExclusionStatus } from '@spm/contract';
import { useAuthStore } from '@/shared/stores/auth-store';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';

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
