import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { playerProfile } from '@/test/fixtures';
import { callsTo, fail, mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const GIVEN_AT = '2026-11-20T06:30:00.000Z';
const WITHDRAWN_AT = '2026-12-02T04:45:00.000Z';

function openProfile(routes: Record<string, MockRoute> = {}) {
  const fetchMock = mockApi({
    'GET /api/profile': ok(playerProfile),
    'GET /api/privacy/consent': ok({ given: true, givenAt: GIVEN_AT, withdrawnAt: null }),
    ...routes,
  });
  signIn();
  renderApp('/profile');
  return fetchMock;
}

describe('Your data on /profile (issue 42 item 8)', () => {
  beforeEach(() => resetStores());

  it('shows the registration consent with its time and withdraws it', async () => {
    const fetchMock = openProfile({
      'PUT /api/privacy/consent': ok({
        given: false,
        givenAt: GIVEN_AT,
        withdrawnAt: WITHDRAWN_AT,
      }),
    });
    const box = await screen.findByTestId('privacy-consent');
    expect(box).toBeChecked();
    expect(screen.getByTestId('privacy-consent-status')).toHaveTextContent(
      'Consent given on 20 Nov 2026, 12:00 pm IST',
    );
    await userEvent.click(box);
    expect(callsTo(fetchMock, 'PUT /api/privacy/consent')[0]?.body).toEqual({ given: false });
    await waitFor(() => expect(screen.getByTestId('privacy-consent')).not.toBeChecked());
    expect(screen.getByTestId('privacy-consent-status')).toHaveTextContent(
      'Consent withdrawn on 2 Dec 2026, 10:15 am IST',
    );
    expect(await screen.findByText('Your choice is saved')).toBeInTheDocument();
  });

  it('shows why an erasure is refused, in the player language', async () => {
    const fetchMock = openProfile({
      'POST /api/privacy/requests': fail(
        409,
        'DATA_ERASURE_BALANCE',
        'Your account still holds money.',
      ),
    });
    await userEvent.click(await screen.findByTestId('privacy-erasure'));
    await userEvent.click(screen.getByTestId('privacy-erasure-confirm'));
    expect(callsTo(fetchMock, 'POST /api/privacy/requests')[0]?.body).toEqual({ kind: 'erasure' });
    expect(await screen.findByTestId('privacy-erasure-error')).toHaveTextContent(
      'Withdraw your balance (and let pending withdrawals finish)',
    );
  });

  it('lists requests with their deadline and sends a correction', async () => {
    const open = {
      id: '7',
      kind: 'correction',
      status: 'open',
      details: 'name',
      createdAt: '2026-12-01T10:00:00.000Z',
      dueAt: '2026-12-31T10:00:00.000Z',
      decidedAt: null,
      note: null,
    };
    const fetchMock = openProfile({
      'GET /api/privacy/requests': ok([open]),
      'POST /api/privacy/requests': ok({ ...open, id: '8' }),
    });
    expect(await screen.findByTestId('privacy-request-7')).toHaveTextContent(
      'Answer due by 31 December 2026',
    );
    await userEvent.type(screen.getByTestId('privacy-correction-input'), 'My name is Ravi Kumar');
    await userEvent.click(screen.getByTestId('privacy-correction-submit'));
    expect(callsTo(fetchMock, 'POST /api/privacy/requests')[0]?.body).toEqual({
      kind: 'correction',
      details: 'My name is Ravi Kumar',
    });
  });
});
