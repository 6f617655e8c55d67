import type {
  BankDetail,
  Deposit,
  Gateway,
  KycState,
  KycSubmission,
  Wallet,
  WithdrawInfo,
  Withdrawal,
} from '@spm/contract';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@/shared/stores/auth-store';
import { mockApi, ok } from '@/test/mock-api';
import type { MockRoute } from '@/test/mock-api';
import { playerProfile } from '@/test/fixtures';
import { renderApp, signIn } from '@/test/render-app';

/** The seeded gateways as the server shows them (docs/cashier.md). */
export const paytm: Gateway = {
  code: 'm_paytm',
  name: 'Paytm UPI',
  kind: 'upi',
  currency: 'INR',
  pointsPerUnit: 1,
  minAmount: 100,
  maxAmount: 100000,
  presets: [500, 1000, 2000, 5000, 10000],
  instructions: 'Pay the amount to the UPI id below, then enter the UTR and upload a screenshot.',
  payTo: {
    upiId: 'spmsports@paytm',
    qrImageUrl: null,
    accountNo: null,
    accountName: 'SPM Sports',
    ifscCode: null,
    bankName: null,
    walletAddress: null,
    network: null,
  },
  automated: false,
  depositBonusPercent: 0,
  enabled: true,
  withdrawEnabled: false,
  withdrawMinAmount: 100,
  withdrawMaxAmount: 100000,
  withdrawExtraPercent: 0,
  sortOrder: 1,
};

export const tron: Gateway = {
  ...paytm,
  code: 'm_binance_tron',
  name: 'USDT (TRC20)',
  kind: 'crypto',
  currency: 'USDT',
  pointsPerUnit: 90,
  minAmount: 900,
  maxAmount: 900000,
  presets: [900, 1800, 4500, 9000],
  instructions: 'Send exactly the USDT amount shown. 10% bonus on every USDT TRC20 deposit.',
  payTo: { ...paytm.payTo, upiId: null, accountName: null, network: 'TRC20' },
  automated: true,
  depositBonusPercent: 10,
  withdrawEnabled: true,
  withdrawMinAmount: 900,
  withdrawMaxAmount: 450000,
  withdrawExtraPercent: 3,
  sortOrder: 4,
};

export const bsc: Gateway = {
  ...tron,
  code: 'm_binance_bsc',
  name: 'USDT (BEP20)',
  payTo: {
    ...tron.payTo,
    walletAddress: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c',
    network: 'BEP20',
  },
  automated: false,
  depositBonusPercent: 0,
  withdrawExtraPercent: 0,
  sortOrder: 5,
};

export const deposit = (id: string, fields: Partial<Deposit> = {}): Deposit => ({
  id,
  gateway: 'm_paytm',
  gatewayName: 'Paytm UPI',
  amount: 1500,
  bonus: 0,
  reference: `UTR${id}000000`,
  status: 'pending',
  reason: null,
  automated: false,
  payUrl: null,
  createdAt: '2024-05-10T09:30:00.000Z',
  expiresAt: '2024-05-11T09:30:00.000Z',
  decidedAt: null,
  ...fields,
});

export const wallet = (balance: number, rest: Partial<Wallet> = {}): Wallet => ({
  balance,
  cash: balance,
  coins: 0,
  sports: 0,
  wicket: 0,
  exposure: 0,
  ...rest,
});

export const withdrawal = (id: string, fields: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  amount: 2000,
  extra: 0,
  payout: 2000,
  status: 'pending',
  destination: { type: 'bank', label: 'HDFC Bank ****4321', gateway: null, network: null },
  reason: null,
  createdAt: '2024-05-10T09:30:00.000Z',
  decidedAt: null,
  ...fields,
});

export const withdrawInfo = (fields: Partial<WithdrawInfo> = {}): WithdrawInfo => ({
  withdrawable: 25000,
  minAmount: 500,
  maxAmount: 100000,
  kycRequiredAbove: 20000,
  kycStatus: 'none',
  pendingCount: 0,
  maxPending: 3,
  ...fields,
});

export const hdfc: BankDetail = {
  id: '11',
  type: 'bank',
  accountNo: '50100123454321',
  accountName: 'Ravi Kumar',
  iban: null,
  ifscCode: 'HDFC0001234',
  bankName: 'HDFC Bank',
  createdAt: '2024-05-01T10:00:00.000Z',
};

export const upi: BankDetail = {
  id: '12',
  type: 'upi',
  accountNo: 'ravi@okhdfcbank',
  accountName: 'Ravi Kumar',
  iban: null,
  ifscCode: null,
  bankName: null,
  createdAt: '2024-05-02T10:00:00.000Z',
};

export const kycSubmission = (id: string, fields: Partial<KycSubmission> = {}): KycSubmission => ({
  id,
  docType: 2,
  docTypeName: 'pancard',
  docId: '******234F',
  hasBack: false,
  status: 'pending',
  reason: null,
  createdAt: '2024-05-09T08:00:00.000Z',
  decidedAt: null,
  ...fields,
});

export const kycState = (fields: Partial<KycState> = {}): KycState => ({
  status: 'none',
  submissions: [],
  kycRequiredAbove: 20000,
  ...fields,
});

/** An image the pickers accept (the server checks the bytes; the app checks type and size). */
export const image = (name = 'proof.png', type = 'image/png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });

/** Signed in (a real account unless `demo`), on `path`, with the given API routes. */
export function openPage(
  path: string,
  routes: Record<string, MockRoute> = {},
  { demo = false, balance }: { demo?: boolean; balance?: Wallet } = {},
) {
  const fetchMock = mockApi({ 'GET /api/profile': ok(playerProfile), ...routes });
  if (demo) {
    useAuthStore.getState().setSession({
      token: 'token-demo',
      user: { id: 'd-1', username: 'demo01', isDemo: true },
    });
  } else {
    signIn();
  }
  if (balance) useAuthStore.getState().setWallet(balance);
  renderApp(path);
  return fetchMock;
}

/** The FormData of every multipart call to `key` ("METHOD /path"), oldest first. */
export function formDataTo(fetchMock: ReturnType<typeof mockApi>, key: string): FormData[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), window.location.origin);
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([, init]) => init?.body)
    .filter((body): body is FormData => body instanceof FormData);
}

/** Replaces a box's text at once (typing 34-character addresses key by key is slow). */
export async function fill(element: HTMLElement, value: string): Promise<void> {
  await userEvent.clear(element);
  if (value === '') return;
  element.focus();
  await userEvent.paste(value);
}
