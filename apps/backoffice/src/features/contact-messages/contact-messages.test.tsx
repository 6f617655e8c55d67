import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffContactMessage } from '@spm/contract';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const visitorMessage: StaffContactMessage = {
  id: '31',
  subject: 'withdrawal',
  text: 'My withdrawal is pending since Monday.',
  status: 'open',
  createdAt: '2026-12-01T09:00:00.000Z',
  answer: null,
  answeredAt: null,
  playerId: null,
  username: null,
  name: 'Asha',
  email: 'asha@example.com',
  mobile: null,
  replyBy: 'email',
  answeredBy: null,
  closedAt: null,
  closedBy: null,
};

describe('contact messages (issue 44 item 1)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('lists open messages, opens one and records the answer', { timeout: 20_000 }, async () => {
    const answered: StaffContactMessage = {
      ...visitorMessage,
      status: 'answered',
      answer: 'Paid today, told her by email.',
      answeredAt: '2026-12-01T11:00:00.000Z',
      answeredBy: 'root.admin',
    };
    const api = mockApi({
      'GET /api/staff/contact/messages': ok({
        items: [visitorMessage],
        page: 1,
        pageSize: 25,
        total: 1,
      }),
      'GET /api/staff/contact/messages/31': ok(visitorMessage),
      'POST /api/staff/contact/messages/31/answer': ok(answered),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/queues/contact' });

    const table = await screen.findByTestId('contact-messages-table');
    expect(await within(table).findByText('Asha')).toBeVisible();
    expect(within(table).getByText('Withdrawals')).toBeVisible();
    expect(api.callsTo('GET /api/staff/contact/messages')[0]?.url.searchParams.get('status')).toBe(
      'open',
    );
    expect(screen.getByRole('link', { name: 'Contact messages' })).toBeVisible();

    await user.click(within(table).getByTestId('contact-message-open-31'));
    expect(await screen.findByTestId('contact-reply-by')).toHaveTextContent(
      'Reply by email to asha@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('Write an answer of at most 2000 characters.')).toBeVisible();
    expect(api.callsTo('POST /api/staff/contact/messages/31/answer')).toHaveLength(0);

    await user.type(screen.getByTestId('contact-answer'), 'Paid today, told her by email.');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/staff/contact/messages/31/answer')[0]?.body).toEqual({
        answer: 'Paid today, told her by email.',
      }),
    );
    expect(await screen.findByTestId('contact-answered')).toHaveTextContent(
      'Answered by root.admin',
    );
    expect(screen.queryByTestId('contact-answer')).not.toBeInTheDocument();
  });
});
