import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffDeposit, StaffKyc, StaffWithdrawal } from '@spm/contract';
import { DepositQueuePage, KycQueuePage, WithdrawalQueuePage } from './index.ts';
import {
  callsTo,
  fail,
  mockApi,
  ok,
  renderPage,
  signInAsAdmin,
  stubObjectUrls,
  type MockRoute,
} from '../../test/feature-harness.tsx';

const PROOF_ID = '3f1c9a9e-0a52-4c4b-9a51-5d2b8f0e7c11';

const deposit: StaffDeposit = {
  id: '41',
  gateway: 'm_paytm',
  gatewayName: 'Paytm UPI',
  amount: 2500,
  bonus: 0,
  reference: 'UTR123456',
  status: 'pending',
  reason: null,
  automated: false,
  payUrl: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-02T10:00:00.000Z',
  decidedAt: null,
  playerId: '7',
  username: 'ravi',
  decidedBy: null,
  note: null,
  proofUploadId: PROOF_ID,
  gatewayTxnId: null,
};

const page = <T,>(items: T[]) => ok({ items, page: 1, pageSize: 20, total: items.length });
const noAudit = page([]);

function depositRoutes(extra: Record<string, MockRoute> = {}) {
  return mockApi({
    'GET /api/staff/deposits': page([deposit]),
    'GET /api/staff/deposits/41': ok(deposit),
    'GET /api/staff/gateways': ok([]),
    'GET /api/staff/audit': noAudit,
    [`GET /api/staff/uploads/${PROOF_ID}`]: { body: new Blob(['png'], { type: 'image/png' }) },
    ...extra,
  });
}

async function openDeposit() {
  fireEvent.click(await screen.findByRole('button', { name: '#41' }));
  return screen.findByRole('dialog', { name: 'Deposit #41' });
}

describe('deposit queue', () => {
  beforeEach(() => {
    signInAsAdmin();
    stubObjectUrls();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists pending deposits by default with the staff token', async () => {
    const fetchMock = depositRoutes();
    renderPage(<DepositQueuePage />);
    const table = await screen.findByTestId('deposit-queue');
    expect(await within(table).findByText('UTR123456')).toBeInTheDocument();
    expect(within(table).getByText('ravi')).toBeInTheDocument();
    expect(within(table).getByText('2,500.00')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET /api/staff/deposits');
    expect(call?.url.searchParams.get('status')).toBe('pending');
    expect(call?.url.searchParams.get('page')).toBe('1');
    expect(call?.headers.authorization).toBe('staff-token');
  });

  it('applies the filters to the request', async () => {
    const fetchMock = depositRoutes();
    renderPage(<DepositQueuePage />);
    await screen.findByText('UTR123456');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Player id'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/staff/deposits')).toHaveLength(2));
    const last = callsTo(fetchMock, 'GET /api/staff/deposits')[1];
    expect(last?.url.searchParams.get('status')).toBeNull();
    expect(last?.url.searchParams.get('playerId')).toBe('7');
    expect(last?.url.searchParams.get('from')).toBe('2025-03-01');
  });

  it('refuses a player id that is not digits', async () => {
    const fetchMock = depositRoutes();
    renderPage(<DepositQueuePage />);
    await screen.findByText('UTR123456');
    fireEvent.change(screen.getByLabelText('Player id'), { target: { value: 'ravi' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('A player id is digits only.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/staff/deposits')).toHaveLength(1);
  });

  it('opens the proof image fetched with the token, larger in the viewer', async () => {
    const fetchMock = depositRoutes();
    renderPage(<DepositQueuePage />);
    const drawer = await openDeposit();
    const thumb = await within(drawer).findByRole('button', { name: 'Open Payment proof larger' });
    const [upload] = callsTo(fetchMock, `GET /api/staff/uploads/${PROOF_ID}`);
    expect(upload?.headers.authorization).toBe('staff-token');
    fireEvent.click(thumb);
    const viewer = await screen.findByRole('dialog', { name: 'Payment proof' });
    expect(within(viewer).getByRole('img', { name: 'Payment proof' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    fireEvent.click(within(viewer).getByRole('button', { name: /zoom ?in|zoomIn/i }));
    expect(within(viewer).getByRole('img')).toHaveStyle({ transform: 'scale(1.25) rotate(0deg)' });
  });

  it('approves with an optional note after confirming', async () => {
    const fetchMock = depositRoutes({
      'POST /api/staff/deposits/41/approve': ok({ ...deposit, status: 'approved' }),
    });
    renderPage(<DepositQueuePage />);
    const drawer = await openDeposit();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve deposit #41?' });
    expect(confirm).toHaveTextContent("2,500.00 points are credited to ravi's cash balance");
    fireEvent.change(within(confirm).getByLabelText(/Note/), { target: { value: 'UTR matched' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/deposits/41/approve')).toHaveLength(1),
    );
    expect(callsTo(fetchMock, 'POST /api/staff/deposits/41/approve')[0]?.body).toEqual({
      note: 'UTR matched',
    });
    // The queue reloads after the decision.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/staff/deposits')).toHaveLength(2));
  });

  it('approves without a note by sending an empty body', async () => {
    const fetchMock = depositRoutes({ 'POST /api/staff/deposits/41/approve': ok(deposit) });
    renderPage(<DepositQueuePage />);
    const drawer = await openDeposit();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve deposit #41?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/deposits/41/approve')[0]?.body).toEqual({}),
    );
  });

  it('declines only with a reason', async () => {
    const fetchMock = depositRoutes({ 'POST /api/staff/deposits/41/decline': ok(deposit) });
    renderPage(<DepositQueuePage />);
    const drawer = await openDeposit();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline deposit #41?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await within(confirm).findByRole('alert')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/staff/deposits/41/decline')).toHaveLength(0);
    fireEvent.change(within(confirm).getByLabelText(/Reason/), {
      target: { value: 'No payment received' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/deposits/41/decline')[0]?.body).toEqual({
        reason: 'No payment received',
      }),
    );
  });

  it('shows REQUEST_ALREADY_DECIDED translated and reloads the queue', async () => {
    const fetchMock = depositRoutes({
      'POST /api/staff/deposits/41/decline': fail(
        409,
        'REQUEST_ALREADY_DECIDED',
        'This request has already been decided.',
      ),
    });
    renderPage(<DepositQueuePage />);
    const drawer = await openDeposit();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline deposit #41?' });
    fireEvent.change(within(confirm).getByLabelText(/Reason/), { target: { value: 'Fake proof' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(
      await within(drawer).findByText(
        'Someone has already decided this request. The list has been refreshed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/staff/deposits')).toHaveLength(2));
  });

  it('shows the decision history with the audit entries of the request', async () => {
    const decided: StaffDeposit = {
      ...deposit,
      status: 'declined',
      decidedBy: 'asha',
      decidedAt: '2025-03-01T11:00:00.000Z',
      reason: 'Wrong amount',
    };
    const fetchMock = depositRoutes({
      'GET /api/staff/deposits': page([decided]),
      'GET /api/staff/deposits/41': ok(decided),
      'GET /api/staff/audit': page([
        {
          id: '900',
          actorType: 'staff',
          actorId: '2',
          actorName: 'asha',
          action: 'deposit.decline',
          targetType: 'deposit',
          targetId: '41',
          before: { status: 'pending' },
          after: { status: 'declined' },
          reason: 'Wrong amount',
          ip: '10.0.0.5',
          createdAt: '2025-03-01T11:00:00.000Z',
        },
      ]),
    });
    renderPage(<DepositQueuePage />, { path: '/?status=declined' });
    const table = await screen.findByTestId('deposit-queue');
    expect(await within(table).findByText('Wrong amount')).toBeInTheDocument();
    expect(within(table).getByText(/^asha ·/)).toBeInTheDocument();
    const drawer = await openDeposit();
    const audit = await within(drawer).findByTestId('request-audit');
    expect(await within(audit).findByText('deposit.decline')).toBeInTheDocument();
    expect(within(audit).getByText('pending → declined')).toBeInTheDocument();
    expect(within(audit).getByText('10.0.0.5')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    const [auditCall] = callsTo(fetchMock, 'GET /api/staff/audit');
    expect(auditCall?.url.searchParams.get('targetType')).toBe('deposit');
    expect(auditCall?.url.searchParams.get('targetId')).toBe('41');
    expect(callsTo(fetchMock, 'GET /api/staff/deposits')[0]?.url.searchParams.get('status')).toBe(
      'declined',
    );
  });
});

const withdrawal: StaffWithdrawal = {
  id: '55',
  amount: 1000,
  extra: 30,
  payout: 1030,
  status: 'pending',
  destination: { type: 'bank', label: 'HDFC Bank ****1234', gateway: null, network: null },
  reason: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  decidedAt: null,
  playerId: '7',
  username: 'ravi',
  decidedBy: null,
  note: null,
  destinationDetails: {
    type: 'bank',
    accountNo: '123456781234',
    accountName: 'Ravi Kumar',
    ifscCode: 'HDFC0001234',
    bankName: 'HDFC Bank',
    iban: null,
  },
};

describe('withdrawal queue', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the whole destination with copy buttons and the payout', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi({
      'GET /api/staff/withdrawals': page([withdrawal]),
      'GET /api/staff/withdrawals/55': ok(withdrawal),
      'GET /api/staff/audit': noAudit,
    });
    renderPage(<WithdrawalQueuePage />);
    const table = await screen.findByTestId('withdrawal-queue');
    expect(await within(table).findByText('Bank account · HDFC Bank ****1234')).toBeInTheDocument();
    expect(within(table).getByText('1,030.00')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: '#55' }));
    const drawer = await screen.findByRole('dialog', { name: 'Withdrawal #55' });
    const destination = within(drawer).getByTestId('withdrawal-destination');
    expect(destination).toHaveTextContent('123456781234');
    expect(destination).toHaveTextContent('HDFC0001234');
    expect(destination).toHaveTextContent('Ravi Kumar');
    fireEvent.click(within(destination).getByRole('button', { name: 'Copy Account number' }));
    expect(writeText).toHaveBeenCalledWith('123456781234');
    fireEvent.click(within(destination).getByRole('button', { name: 'Copy IFSC' }));
    expect(writeText).toHaveBeenCalledWith('HDFC0001234');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve withdrawal #55?' });
    expect(confirm).toHaveTextContent('paid 1,030.00 points');
  });

  it('labels a UPI destination by its UPI id', async () => {
    const upi: StaffWithdrawal = {
      ...withdrawal,
      destination: { type: 'upi', label: 'ravi@okhdfc', gateway: null, network: null },
      destinationDetails: { type: 'upi', accountNo: 'ravi@okhdfc', accountName: 'Ravi Kumar' },
    };
    mockApi({
      'GET /api/staff/withdrawals': page([upi]),
      'GET /api/staff/withdrawals/55': ok(upi),
      'GET /api/staff/audit': noAudit,
    });
    renderPage(<WithdrawalQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: '#55' }));
    const drawer = await screen.findByRole('dialog', { name: 'Withdrawal #55' });
    expect(within(drawer).getByRole('button', { name: 'Copy UPI id' })).toBeInTheDocument();
  });
});

const FRONT_ID = '0b3d1f0e-1111-4c4b-9a51-5d2b8f0e7c11';
const BACK_ID = '0b3d1f0e-2222-4c4b-9a51-5d2b8f0e7c11';
const kyc: StaffKyc = {
  id: '12',
  docType: 2,
  docTypeName: 'pancard',
  docId: 'ABCDE1234F',
  hasBack: false,
  status: 'pending',
  reason: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  decidedAt: null,
  playerId: '7',
  username: 'ravi',
  decidedBy: null,
  note: null,
  frontUploadId: FRONT_ID,
  backUploadId: null,
};

function kycRoutes(item: StaffKyc) {
  return mockApi({
    'GET /api/staff/kyc': page([item]),
    'GET /api/staff/kyc/12': ok(item),
    'GET /api/staff/audit': noAudit,
    [`GET /api/staff/uploads/${FRONT_ID}`]: { body: new Blob(['f'], { type: 'image/png' }) },
    [`GET /api/staff/uploads/${BACK_ID}`]: { body: new Blob(['b'], { type: 'image/png' }) },
  });
}

describe('KYC queue', () => {
  beforeEach(() => {
    signInAsAdmin();
    stubObjectUrls();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the front only when there is no back image', async () => {
    const fetchMock = kycRoutes(kyc);
    renderPage(<KycQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: '#12' }));
    const drawer = await screen.findByRole('dialog', { name: 'KYC submission #12' });
    expect(within(drawer).getByTestId('kyc-doc-type')).toHaveTextContent('PAN card');
    expect(within(drawer).getByText('ABCDE1234F')).toBeInTheDocument();
    expect(await within(drawer).findByRole('img', { name: 'Front side' })).toBeInTheDocument();
    expect(within(drawer).queryByText('Back side')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/staff/uploads/${BACK_ID}`)).toHaveLength(0);
  });

  it('shows both sides when the back exists, and declines with a reason', async () => {
    const passport: StaffKyc = {
      ...kyc,
      docType: 0,
      docTypeName: 'passport',
      docId: null,
      hasBack: true,
      backUploadId: BACK_ID,
    };
    const routes = mockApi({
      'GET /api/staff/kyc': page([passport]),
      'GET /api/staff/kyc/12': ok(passport),
      'GET /api/staff/audit': noAudit,
      [`GET /api/staff/uploads/${FRONT_ID}`]: { body: new Blob(['f'], { type: 'image/png' }) },
      [`GET /api/staff/uploads/${BACK_ID}`]: { body: new Blob(['b'], { type: 'image/png' }) },
      'POST /api/staff/kyc/12/decline': ok(passport),
    });
    renderPage(<KycQueuePage />);
    fireEvent.click(await screen.findByRole('button', { name: '#12' }));
    const drawer = await screen.findByRole('dialog', { name: 'KYC submission #12' });
    expect(await within(drawer).findByRole('img', { name: 'Front side' })).toBeInTheDocument();
    expect(await within(drawer).findByRole('img', { name: 'Back side' })).toBeInTheDocument();
    expect(callsTo(routes, 'GET /api/staff/audit')[0]?.url.searchParams.get('targetType')).toBe(
      'kyc_submission',
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline KYC #12?' });
    fireEvent.change(within(confirm).getByLabelText(/Reason/), {
      target: { value: 'Photo is blurred' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(callsTo(routes, 'POST /api/staff/kyc/12/decline')[0]?.body).toEqual({
        reason: 'Photo is blurred',
      }),
    );
  });
});
