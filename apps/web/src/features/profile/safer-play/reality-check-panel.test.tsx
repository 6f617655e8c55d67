import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { playerProfile } from '@/test/fixtures';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const saved = {
  realityCheckMinutes: 30,
  sessionLimitMinutes: 120,
  updatedAt: '2026-12-02T09:10:00.000Z',
  sessionStartedAt: '2026-12-02T09:00:00.000Z',
  sessionEndsAt: '2026-12-02T11:00:00.000Z',
};

describe('safer play in /profile: reality check and session time limit (issue 42 item 4)', () => {
  beforeEach(() => resetStores());

  it('shows the settings and saves the chosen interval and limit with PUT /rg/reality-check', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': ok(playerProfile),
      'PUT /api/rg/reality-check': ok(saved),
    });
    signIn();
    renderApp('/profile');
    const interval = await screen.findByTestId('reality-check-interval');
    expect(interval).toHaveValue('');
    expect(screen.getByTestId('session-limit')).toHaveValue('');
    expect(screen.getByTestId('reality-check-save')).toBeDisabled();

    await userEvent.selectOptions(interval, '30');
    await userEvent.selectOptions(screen.getByTestId('session-limit'), '120');
    await userEvent.click(screen.getByTestId('reality-check-save'));
    expect(await screen.findByText('Your session settings are saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/rg/reality-check')[0]?.body).toEqual({
      realityCheckMinutes: 30,
      sessionLimitMinutes: 120,
    });
    // The server's answer is what the form shows now, this session's end included.
    await waitFor(() => expect(screen.getByTestId('reality-check-interval')).toHaveValue('30'));
    expect(screen.getByTestId('session-limit')).toHaveValue('120');
    expect(screen.getByTestId('session-times')).toHaveTextContent('4:30 pm IST');
    expect(screen.getByTestId('reality-check-save')).toBeDisabled();
  });
});
