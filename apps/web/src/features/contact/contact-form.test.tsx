import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '@spm/contract';
import { callsTo, mockApi, ok } from '@/test/mock-api';
import { renderWithProviders, resetStores, signIn } from '@/test/render-app';
import { ContactForm } from './contact-form';

const TEXT = 'My deposit has not arrived yet.';

const answered: ContactMessage = {
  id: '5',
  subject: 'deposit',
  text: TEXT,
  status: 'answered',
  createdAt: '2026-12-01T10:00:00.000Z',
  answer: 'It arrived this morning.',
  answeredAt: '2026-12-01T12:30:00.000Z',
};

describe('ContactForm (issue 44 item 1)', () => {
  beforeEach(() => resetStores());

  it('asks a visitor for a name and a way to reply, then sends', async () => {
    const fetchMock = mockApi({
      'POST /api/contact/messages': ok({ ...answered, status: 'open', answer: null }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, { path: '/contactus' });

    await user.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('Name cannot be empty')).toBeVisible();
    expect(
      screen.getByText('Give an email address or a mobile number so we can reply'),
    ).toBeVisible();
    expect(screen.getByText('Choose a subject', { selector: 'p' })).toBeVisible();
    expect(screen.getByText('Write 10 to 2000 characters')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/contact/messages')).toHaveLength(0);

    await user.type(screen.getByTestId('contact-name'), ' Asha ');
    await user.type(screen.getByTestId('contact-mobile'), '919876543210');
    await user.selectOptions(screen.getByTestId('contact-subject'), 'deposit');
    await user.type(screen.getByTestId('contact-text'), TEXT);
    await user.click(screen.getByTestId('contact-submit'));

    expect(await screen.findByTestId('contact-sent')).toHaveTextContent(
      'We will reply by email or phone',
    );
    expect(callsTo(fetchMock, 'POST /api/contact/messages')[0]?.body).toEqual({
      subject: 'deposit',
      text: TEXT,
      name: 'Asha',
      mobile: '9876543210',
      country_code: '91',
    });
    expect(screen.getByTestId('contact-text')).toHaveValue('');
    expect(screen.queryByText('Your messages')).not.toBeInTheDocument();
  });

  it('lets a player write without visitor fields and shows the answers', async () => {
    const fetchMock = mockApi({
      'GET /api/contact/messages': ok([answered]),
      // The server's refusal names the field, in its English words.
      'POST /api/contact/messages': {
        status: 400,
        body: {
          data: { issues: [{ field: 'text', message: 'Write 10 to 2000 characters' }] },
          error: true,
          message: 'The request is not valid.',
          errorCode: 'VALIDATION_FAILED',
        },
      },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, { path: '/contactus' });

    const item = await screen.findByTestId('contact-message-5');
    expect(within(item).getByText('It arrived this morning.')).toBeVisible();
    expect(item).toHaveTextContent('Our answer, 1 Dec 2026, 6:00 pm IST');
    expect(item).toHaveTextContent('Deposits');
    expect(screen.queryByTestId('contact-name')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByTestId('contact-subject'), 'technical');
    await user.type(screen.getByTestId('contact-text'), 'The page froze twice today.');
    await user.click(screen.getByTestId('contact-submit'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/contact/messages')[0]?.body).toEqual({
        subject: 'technical',
        text: 'The page froze twice today.',
      }),
    );
    expect(await screen.findByText('Write 10 to 2000 characters')).toBeVisible();
    expect(screen.queryByTestId('contact-sent')).not.toBeInTheDocument();
  });
});
