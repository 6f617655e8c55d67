import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardFixture, mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';
import { niceTicks } from './chart.tsx';

describe('dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('shows today, this month, the pending queues and the 30-day chart', async () => {
    const api = mockApi({ 'GET /api/staff/dashboard': ok(dashboardFixture()) });
    const user = userEvent.setup();
    await renderApp({ path: '/' });

    const today = await screen.findByTestId('totals-today');
    expect(today).toHaveTextContent('Deposits1,25,000.50');
    expect(today).toHaveTextContent('Withdrawals40,000.00');
    expect(today).toHaveTextContent('Gross gaming revenue-2,500.25');
    expect(today).toHaveTextContent('New players12');
    expect(today).toHaveTextContent('Active players340');
    expect(screen.getByTestId('totals-month')).toHaveTextContent('Gross gaming revenue3,10,000.75');

    const pending = screen.getByTestId('pending');
    expect(within(pending).getByRole('link', { name: 'Deposits' })).toHaveAttribute(
      'href',
      '/queues/deposits',
    );
    expect(pending).toHaveTextContent('Withdrawals2');
    expect(pending).toHaveTextContent('KYC documents0');

    const chart = screen.getByTestId('dashboard-chart');
    expect(chart).toHaveAccessibleName('Last 30 days');
    expect(chart.querySelectorAll('rect.series-deposits')).toHaveLength(30);
    expect(chart.querySelectorAll('rect.series-withdrawals')).toHaveLength(30);
    expect(chart.querySelectorAll('.series-ggr circle')).toHaveLength(30);
    expect(within(chart).getByText('Points')).toBeInTheDocument();
    expect(within(chart).getByText('Day (India time)')).toBeInTheDocument();

    // The same figures as a table, for screen readers and on request.
    const table = screen.getByTestId('chart-table');
    expect(table).toHaveClass('sr-only');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1,000.00400.00-150.000');
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(table).not.toHaveClass('sr-only');

    // A series can be hidden.
    await user.click(screen.getByRole('checkbox', { name: 'Withdrawals' }));
    expect(chart.querySelectorAll('rect.series-withdrawals')).toHaveLength(0);

    expect(api.callsTo('GET /api/staff/dashboard')[0]?.headers.authorization).toBe('staff-token');
    expect(await screen.findByTestId('status-organisation')).toHaveTextContent('Live');
  });

  it('picks round axis ticks that include zero and negative GGR', () => {
    expect(niceTicks(0, 1340)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(-150, 1290)).toEqual([-500, 0, 500, 1000, 1500]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
