import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  StaffCrashReport,
  StaffCrashRound,
  StaffCrashRoundDetail,
  StaffCrashSettings,
} from '@spm/contract';
import { CrashReportPage, CrashRoundsPage, CrashSettingsPage } from './index.ts';
import {
  callsTo,
  fail,
  mockApi,
  ok,
  renderPage,
  signInAsAdmin,
} from '../../test/feature-harness.tsx';

const settings: StaffCrashSettings = {
  houseEdgePercent: 3,
  maxMultiplier: 10_000,
  minStake: 10,
  maxStakePerRound: 7_500,
  maxReturn: 75_000,
  paused: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: null,
};

const round = (overrides: Partial<StaffCrashRound> = {}): StaffCrashRound => ({
  id: '77',
  crashPoint: 2.5,
  phase: 'crashed',
  players: 2,
  totalStake: 180,
  totalPayout: 120,
  ggr: 60,
  incident: null,
  houseEdgePercent: 3,
  crashedAt: '2026-11-20T10:00:30.000Z',
  ...overrides,
});

const detail: StaffCrashRoundDetail = {
  ...round({ id: '78', incident: 'crashed_on_recovery' }),
  maxMultiplier: 10_000,
  minStake: 10,
  maxStakePerRound: 7_500,
  maxReturn: 75_000,
  flightStartedAt: '2026-11-20T10:00:10.000Z',
  bets: [
    {
      id: 'b1',
      playerId: '12',
      playerName: 'ravi88',
      panel: 0,
      stake: 100,
      autoCashOut: 1.2,
      status: 'cashed_out',
      cashOutMultiplier: 1.2,
      cashOutKind: 'auto',
      payout: 120,
      placedAt: '2026-11-20T10:00:05.000Z',
    },
    {
      id: 'b2',
      playerId: '13',
      playerName: 'meera',
      panel: 1,
      stake: 80,
      autoCashOut: null,
      status: 'lost',
      cashOutMultiplier: null,
      cashOutKind: null,
      payout: 0,
      placedAt: '2026-11-20T10:00:06.000Z',
    },
  ],
};

const figures = (stake: number, payout: number, rounds = 10, bets = 4) => ({
  rounds,
  bets,
  stake,
  payout,
  ggr: stake - payout,
  rtpPercent: stake === 0 ? null : Math.floor((payout * 10_000) / stake) / 100,
});

const report: StaffCrashReport = {
  from: '2026-11-20',
  to: '2026-11-26',
  days: [
    { day: '2026-11-20', ...figures(1000, 970) },
    { day: '2026-11-21', ...figures(0, 0, 3, 0) },
    { day: '2026-11-22', ...figures(500, 1500) },
  ],
  totals: figures(1500, 2470, 23, 8),
};

beforeEach(() => signInAsAdmin());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('crash rounds', () => {
  it('filters by days and incidents and opens a round onto its bets and incident', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/crash/rounds': ok({
        items: [round(), round({ id: '78', incident: 'crashed_on_recovery' })],
        page: 1,
        pageSize: 20,
        total: 2,
      }),
      'GET /api/staff/crash/rounds/78': ok(detail),
    });
    renderPage(<CrashRoundsPage />);
    const table = await screen.findByTestId('crash-rounds-table');
    const first = await within(table).findByRole('row', { name: /#77/ });
    expect(first).toHaveTextContent('2.50x');
    expect(first).toHaveTextContent('180.00');
    expect(first).toHaveTextContent('60.00');
    expect(first).toHaveTextContent('None');
    expect(within(table).getByText('Crashed on recovery')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByLabelText('Incidents only'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const url = callsTo(fetchMock, 'GET /api/staff/crash/rounds').at(-1)?.url;
      expect(url?.searchParams.get('from')).toBe('2026-11-20');
      expect(url?.searchParams.has('to')).toBe(false);
      expect(url?.searchParams.get('incidentsOnly')).toBe('true');
    });

    fireEvent.click(within(table).getByRole('button', { name: 'Bets of round 78' }));
    const opened = await screen.findByTestId('crash-round-detail-78');
    expect(within(opened).getByRole('note')).toHaveTextContent('Crashed on recovery');
    const ravi = within(opened).getByRole('row', { name: /ravi88/ });
    expect(ravi).toHaveTextContent('Panel 1');
    expect(ravi).toHaveTextContent('Cashed out');
    expect(ravi).toHaveTextContent('1.20x');
    expect(ravi).toHaveTextContent('Auto cash-out');
    expect(ravi).toHaveTextContent('120.00');
    const meera = within(opened).getByRole('row', { name: /meera/ });
    expect(meera).toHaveTextContent('Panel 2');
    expect(meera).toHaveTextContent('Lost');
    expect(callsTo(fetchMock, 'GET /api/staff/crash/rounds/77')).toHaveLength(0);
  });

  it('refuses a start after the end without asking, and shows the empty state', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/crash/rounds': ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderPage(<CrashRoundsPage />);
    expect(await screen.findByText('No rounds found.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('The start cannot be after the end.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(callsTo(fetchMock, 'GET /api/staff/crash/rounds')).toHaveLength(1);
  });
});

describe('crash report', () => {
  it('asks for the last 7 Indian days and shows RTP and GGR per day with totals', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T20:00:00Z')); // 26 Nov 01:30 in India
    const fetchMock = mockApi({ 'GET /api/staff/crash/report': ok(report) });
    renderPage(<CrashReportPage />);
    const table = await screen.findByTestId('crash-report-table');
    vi.useRealTimers();
    const url = callsTo(fetchMock, 'GET /api/staff/crash/report')[0]?.url;
    expect(url?.searchParams.get('from')).toBe('2026-11-20');
    expect(url?.searchParams.get('to')).toBe('2026-11-26');

    expect(within(table).getByRole('row', { name: /2026-11-20/ })).toHaveTextContent('97.00 %');
    expect(within(table).getByRole('row', { name: /2026-11-21/ })).toHaveTextContent('No stake');
    const loss = within(table).getByRole('row', { name: /2026-11-22/ });
    expect(loss).toHaveTextContent('-1,000.00');
    expect(loss).toHaveTextContent('300.00 %');
    const totals = within(table).getByTestId('crash-report-totals');
    expect(totals).toHaveTextContent('2,470.00');
    expect(totals).toHaveTextContent('-970.00');
    expect(totals).toHaveTextContent('164.66 %');
  });

  it('refuses a range longer than a year without asking', async () => {
    const fetchMock = mockApi({ 'GET /api/staff/crash/report': ok(report) });
    renderPage(<CrashReportPage />);
    await screen.findByTestId('crash-report-table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('At most 366 days.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(callsTo(fetchMock, 'GET /api/staff/crash/report')).toHaveLength(1);
  });
});

describe('crash settings', () => {
  it('says changes apply from the next round, refuses bad values without asking, saves good ones', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/crash/settings': ok(settings),
      'PUT /api/staff/crash/settings': ok({
        ...settings,
        houseEdgePercent: 4.5,
        updatedAt: '2026-11-21T10:00:00.000Z',
        updatedBy: 'root.admin',
        appliesFrom: 'next_round',
        roundInProgressId: '91',
      }),
    });
    renderPage(<CrashSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Crash game settings' });
    expect(within(form).getByRole('note')).toHaveTextContent(
      'Changes apply from the next round committed',
    );
    expect(within(form).getByText('The defaults: never changed.')).toBeInTheDocument();
    const edge = within(form).getByLabelText('House edge (%)');
    expect(edge).toHaveValue('3');

    fireEvent.change(edge, { target: { value: '60' } });
    fireEvent.change(within(form).getByLabelText('Minimum stake (points)'), {
      target: { value: '8000' },
    });
    fireEvent.change(within(form).getByLabelText('Maximum return (points)'), {
      target: { value: '100' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Between 0 and 50, at most 2 decimals.')).toBeVisible();
    expect(
      within(form).getByText('More than 0 and at most 7500, at most 2 decimals.'),
    ).toBeVisible();
    expect(
      within(form).getByText('The maximum return cannot be below the maximum stake.'),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'PUT /api/staff/crash/settings')).toHaveLength(0);

    fireEvent.change(edge, { target: { value: '4.5' } });
    fireEvent.change(within(form).getByLabelText('Minimum stake (points)'), {
      target: { value: '10' },
    });
    fireEvent.change(within(form).getByLabelText('Maximum return (points)'), {
      target: { value: '75000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/staff/crash/settings')[0]?.body).toEqual({
        houseEdgePercent: 4.5,
        maxMultiplier: 10_000,
        minStake: 10,
        maxStakePerRound: 7_500,
        maxReturn: 75_000,
      }),
    );
    expect(await screen.findByText(/by root\.admin/)).toBeInTheDocument();
  });

  it('shows what the server refused', async () => {
    mockApi({
      'GET /api/staff/crash/settings': ok(settings),
      'PUT /api/staff/crash/settings': fail(400, 'VALIDATION_FAILED', 'Refused'),
    });
    renderPage(<CrashSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Crash game settings' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
  });

  it('pauses only after confirmation, then offers to resume', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/crash/settings': ok(settings),
      'POST /api/staff/crash/pause': ok({ ...settings, paused: true }),
    });
    renderPage(<CrashSettingsPage />);
    const status = await screen.findByTestId('crash-status');
    expect(status).toHaveTextContent('Running');
    fireEvent.click(within(status).getByRole('button', { name: 'Pause the game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the crash game?' });
    expect(dialog).toHaveTextContent('The round in progress finishes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST /api/staff/crash/pause')).toHaveLength(0);

    fireEvent.click(within(status).getByRole('button', { name: 'Pause the game' }));
    const again = await screen.findByRole('dialog', { name: 'Pause the crash game?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Pause the game' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/staff/crash/pause')).toHaveLength(1));
    expect(await within(status).findByText('Paused')).toBeInTheDocument();
    expect(within(status).getByRole('button', { name: 'Resume the game' })).toBeInTheDocument();
  });
});
