import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffBonusOffer } from '@spm/contract';
import { fail, mockApi, ok, staffBonusOfferFixture } from '../../test/mock-api.ts';
import { renderApp, resetSession } from '../../test/render.tsx';

const welcome = staffBonusOfferFixture();
const reload = staffBonusOfferFixture({
  id: 4,
  title: 'Weekend reload',
  titleTranslations: {},
  percent: 25.5,
  maxBonusPoints: 1000,
  minDepositPoints: 200,
  wageringMultiplier: 5,
  validDays: 7,
  firstDepositOnly: false,
  active: false,
  endsAt: null,
  claims: 0,
  grantedPoints: 0,
  convertedPoints: 0,
});

// The page is loaded on first visit; a loaded machine (CI) can take more than a second.
function offersTable() {
  return screen.findByTestId('bonus-offers-table', {}, { timeout: 5_000 });
}

describe('bonus offers', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSession();
  });

  it('lists every offer with its terms and what it has given', async () => {
    mockApi({ 'GET /api/staff/bonus/offers': ok([reload, welcome]) });
    await renderApp({ path: '/settings/bonus-offers' });
    const table = await offersTable();
    expect(screen.getByRole('heading', { name: 'Bonus offers' })).toBeVisible();
    await within(table).findByText('Welcome bonus');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Weekend reload.*25\.5%.*1,000\.00.*200\.00.*5×.*7.*No/);
    expect(
      within(rows[1]!).getByRole('checkbox', { name: 'Open “Weekend reload” to players' }),
    ).not.toBeChecked();
    expect(rows[2]).toHaveTextContent(
      /Welcome bonus.*100%.*5,000\.00.*500\.00.*10×.*30.*Yes.*—.*31 Dec 2026.*42.*61,250\.00.*8,400\.50/,
    );
    expect(
      within(rows[2]!).getByRole('checkbox', { name: 'Open “Welcome bonus” to players' }),
    ).toBeChecked();
  });

  it('creates an offer after showing what is wrong, and shows the server refusal', async () => {
    let created: StaffBonusOffer[] = [];
    let posts = 0;
    const api = mockApi({
      'GET /api/staff/bonus/offers': () => ok(created),
      'POST /api/staff/bonus/offers': () => {
        posts += 1;
        if (posts === 1) return fail(400, 'VALIDATION_FAILED', 'The request is not valid.');
        created = [reload];
        return ok(reload);
      },
    });
    const user = userEvent.setup();
    await renderApp({ path: '/settings/bonus-offers' });
    expect(await within(await offersTable()).findByText('No offers yet.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New offer' }));
    const dialog = screen.getByRole('dialog', { name: 'New bonus offer' });
    await user.type(within(dialog).getByLabelText('Bonus (% of the deposit)'), '25.555');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Write a title of 1 to 80 characters (each translation too).'),
    ).toBeVisible();
    expect(within(dialog).getByText('From 0.01 to 1,000, with at most 2 decimals.')).toBeVisible();
    expect(
      within(dialog).getByText(
        'More than 0 and at most 10,00,000 points, with at most 2 decimals.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'More than 0 and at most 1,00,00,000 points, with at most 2 decimals.',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST /api/staff/bonus/offers')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Weekend reload');
    await user.type(within(dialog).getByLabelText('हिन्दी · Title'), 'वीकेंड रीलोड');
    const percent = within(dialog).getByLabelText('Bonus (% of the deposit)');
    await user.clear(percent);
    await user.type(percent, '25.5');
    await user.type(within(dialog).getByLabelText('Largest bonus (points)'), '1000');
    await user.type(within(dialog).getByLabelText('Smallest qualifying deposit (points)'), '200');
    const wagering = within(dialog).getByLabelText('Wagering (times the bonus)');
    await user.clear(wagering);
    await user.type(wagering, '5');
    fireEvent.change(within(dialog).getByLabelText('Claimable from (IST, optional)'), {
      target: { value: '2026-12-05T10:00' },
    });
    await user.click(within(dialog).getByLabelText('Open to players'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The server's refusal stays in the dialog; the same form is sent again.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Some fields are not valid.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.callsTo('POST /api/staff/bonus/offers').map((call) => call.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toEqual({
      title: 'Weekend reload',
      titleTranslations: { hi: 'वीकेंड रीलोड' },
      percent: 25.5,
      maxBonusPoints: 1000,
      minDepositPoints: 200,
      wageringMultiplier: 5,
      validDays: 30,
      firstDepositOnly: false,
      active: false,
      startsAt: '2026-12-05T04:30:00.000Z',
      endsAt: null,
    });
    expect(await within(await offersTable()).findByText('Weekend reload')).toBeVisible();
  });

  it('edits an offer, sending only what changed, and switches one on from the list', async () => {
    const api = mockApi({
      'GET /api/staff/bonus/offers': ok([reload, welcome]),
      'PATCH /api/staff/bonus/offers/3': ok({ ...welcome, active: false }),
      'PATCH /api/staff/bonus/offers/4': ok({ ...reload, active: true }),
    });
    const user = userEvent.setup();
    await renderApp({ path: '/settings/bonus-offers' });
    const table = await offersTable();
    await within(table).findByText('Welcome bonus');
    const rows = within(table).getAllByRole('row');

    await user.click(within(rows[2]!).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bonus offer' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Welcome bonus');
    expect(within(dialog).getByLabelText('हिन्दी · Title')).toHaveValue('स्वागत बोनस');
    expect(within(dialog).getByLabelText('Largest bonus (points)')).toHaveValue('5000');
    expect(within(dialog).getByLabelText('Claimable until (IST, optional)')).toHaveValue(
      '2026-12-31T23:59',
    );
    const open = within(dialog).getByLabelText('Open to players');
    expect(open).toBeChecked();
    await user.click(open);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/staff/bonus/offers/3').map((call) => call.body)).toEqual([
        { active: false },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(
      within(rows[1]!).getByRole('checkbox', { name: 'Open “Weekend reload” to players' }),
    );
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/staff/bonus/offers/4').map((call) => call.body)).toEqual([
        { active: true },
      ]),
    );
  });
});
