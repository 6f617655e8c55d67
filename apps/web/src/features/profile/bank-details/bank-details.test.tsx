import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BankDetail } from '@spm/contract';
import { callsTo, ok } from '@/test/mock-api';
import { resetStores } from '@/test/render-app';
import { fill, hdfc, openPage, upi } from '@/test/cashier';

const field = (testId: string) => screen.getByTestId(testId);

/** /profile with GET /bank answering the current `details`. */
function openBanks(initial: BankDetail[], routes: Parameters<typeof openPage>[1] = {}) {
  const state = { details: initial };
  const fetchMock = openPage('/profile', { 'GET /api/bank': () => ok(state.details), ...routes });
  return { fetchMock, state };
}

describe('bank details on /profile', () => {
  beforeEach(() => resetStores());

  it('lists the saved details, masked, with their type and bank', async () => {
    openBanks([hdfc, upi]);
    const rows = await screen.findAllByTestId('bank-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('bank-row-type')).toHaveTextContent('Bank account');
    expect(within(rows[0]!).getByTestId('bank-row-number')).toHaveTextContent('•••• 4321');
    expect(within(rows[0]!).getByTestId('bank-row-extra')).toHaveTextContent(
      'HDFC Bank · HDFC0001234',
    );
    expect(rows[0]).toHaveTextContent('Ravi Kumar');
    expect(within(rows[1]!).getByTestId('bank-row-type')).toHaveTextContent('UPI');
    expect(within(rows[1]!).getByTestId('bank-row-number')).toHaveTextContent('ravi@okhdfcbank');
  });

  it('shows the fields of each type and the contract messages under them', async () => {
    const { fetchMock } = openBanks([]);
    expect(await screen.findByTestId('bank-empty')).toBeInTheDocument();
    await userEvent.click(field('bank-add'));

    // bank: account number, IFSC, bank name, optional IBAN.
    expect(screen.getByLabelText('IFSC code')).toBe(field('bank-ifscCode'));
    await fill(field('bank-accountName'), 'Ravi Kumar');
    await fill(field('bank-accountNo'), '1234');
    await fill(field('bank-ifscCode'), 'HDFC123');
    await fill(field('bank-iban'), 'XX');
    await userEvent.click(field('bank-save'));
    expect(field('bank-accountNo-error')).toHaveTextContent(
      'Account number must be 9 to 18 digits.',
    );
    expect(field('bank-ifscCode-error')).toHaveTextContent(
      'Enter a valid IFSC code (for example SBIN0001234).',
    );
    expect(field('bank-bankName-error')).toHaveTextContent('Enter the bank name.');
    expect(field('bank-iban-error')).toHaveTextContent('Enter a valid IBAN.');

    // upi: the UPI id in accountNo, no bank fields.
    await userEvent.selectOptions(field('bank-type'), 'upi');
    expect(screen.queryByTestId('bank-ifscCode')).not.toBeInTheDocument();
    expect(screen.getByLabelText('UPI ID')).toBe(field('bank-accountNo'));
    await fill(field('bank-accountNo'), 'ravi.okhdfc');
    expect(field('bank-accountNo-error')).toHaveTextContent(
      'Enter a valid UPI id (for example name@bank).',
    );

    // card: a Luhn-valid number.
    await userEvent.selectOptions(field('bank-type'), 'card');
    expect(screen.getByLabelText('Card number')).toBe(field('bank-accountNo'));
    await fill(field('bank-accountNo'), '4111 1111 1111 1112');
    expect(field('bank-accountNo-error')).toHaveTextContent('Enter a valid card number.');
    await fill(field('bank-accountName'), '');
    expect(field('bank-accountName-error')).toHaveTextContent('Enter the account holder name.');
    expect(callsTo(fetchMock, 'POST /api/bank')).toHaveLength(0);
  });

  it('adds a UPI id with POST /bank and lists it', async () => {
    const added: BankDetail = { ...upi, id: '21', accountNo: 'ravi@okaxis' };
    const { fetchMock, state } = openBanks([], {
      'POST /api/bank': () => {
        state.details = [added];
        return ok(added);
      },
    });
    await userEvent.click(await screen.findByTestId('bank-add'));
    await userEvent.selectOptions(field('bank-type'), 'upi');
    await fill(field('bank-accountName'), ' Ravi Kumar ');
    await fill(field('bank-accountNo'), 'ravi@okaxis');
    await userEvent.click(field('bank-save'));
    expect(await screen.findByText('Bank details saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/bank')[0]?.body).toEqual({
      type: 'upi',
      accountNo: 'ravi@okaxis',
      accountName: 'Ravi Kumar',
    });
    expect(await screen.findByTestId('bank-row-number')).toHaveTextContent('ravi@okaxis');
    expect(screen.queryByTestId('bank-form')).not.toBeInTheDocument();
  });

  it('adds a card, sending the number without spaces', async () => {
    const { fetchMock } = openBanks([], { 'POST /api/bank': ok({ ...hdfc, type: 'card' }) });
    await userEvent.click(await screen.findByTestId('bank-add'));
    await userEvent.selectOptions(field('bank-type'), 'card');
    await fill(field('bank-accountName'), 'RAVI KUMAR');
    await fill(field('bank-accountNo'), '4111 1111 1111 1111');
    await userEvent.click(field('bank-save'));
    await screen.findByText('Bank details saved');
    expect(callsTo(fetchMock, 'POST /api/bank')[0]?.body).toEqual({
      type: 'card',
      accountNo: '4111111111111111',
      accountName: 'RAVI KUMAR',
    });
  });

  it('edits a bank account with PATCH /bank {id, detail}, its type locked', async () => {
    const { fetchMock, state } = openBanks([hdfc], {
      'PATCH /api/bank': () => {
        state.details = [{ ...hdfc, bankName: 'HDFC Bank Ltd', ifscCode: 'HDFC0005678' }];
        return ok(state.details[0]);
      },
    });
    await userEvent.click(await screen.findByTestId('bank-edit'));
    expect(field('bank-type')).toBeDisabled();
    expect(field('bank-accountNo')).toHaveValue('50100123454321');
    await fill(field('bank-ifscCode'), 'hdfc0005678');
    await fill(field('bank-bankName'), 'HDFC Bank Ltd');
    await userEvent.click(field('bank-save'));
    expect(await screen.findByText('Bank details updated')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/bank')[0]?.body).toEqual({
      id: '11',
      detail: {
        type: 'bank',
        accountNo: '50100123454321',
        accountName: 'Ravi Kumar',
        ifscCode: 'HDFC0005678',
        bankName: 'HDFC Bank Ltd',
      },
    });
    await waitFor(() =>
      expect(field('bank-row-extra')).toHaveTextContent('HDFC Bank Ltd · HDFC0005678'),
    );
  });

  it('deletes after a confirmation with DELETE /bank {id}', async () => {
    const { fetchMock, state } = openBanks([hdfc, upi], {
      'DELETE /api/bank': () => {
        state.details = [upi];
        return ok({ id: '11' });
      },
    });
    const [first] = await screen.findAllByTestId('bank-row');
    await userEvent.click(within(first!).getByTestId('bank-delete'));
    expect(field('bank-delete-dialog')).toHaveTextContent(
      'Bank account •••• 4321 will no longer be offered for withdrawals.',
    );
    await userEvent.click(field('bank-delete-dialog-confirm'));
    expect(await screen.findByText('Bank details deleted')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/bank')[0]?.body).toEqual({ id: '11' });
    await waitFor(() => expect(screen.getAllByTestId('bank-row')).toHaveLength(1));
  });

  it('keeps a demo account from changing bank details', async () => {
    openPage('/profile', { 'GET /api/bank': ok([hdfc]) }, { demo: true });
    const section = await screen.findByTestId('bank-details');
    expect(await within(section).findByTestId('demo-notice')).toBeInTheDocument();
    expect(within(section).getByTestId('bank-add')).toBeDisabled();
    expect(within(section).getByTestId('bank-edit')).toBeDisabled();
    expect(within(section).getByTestId('bank-delete')).toBeDisabled();
  });
});
