import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppDetails, Gateway } from '@spm/contract';
import {
  AnnouncementsPage,
  AppSettingsPage,
  BannersPage,
  BroadcastPage,
  GatewaysPage,
  NamesPage,
} from './index.ts';
import {
  callsTo,
  mockApi,
  ok,
  renderPage,
  signInAsAdmin,
  stubObjectUrls,
} from '../../test/feature-harness.tsx';

const details: AppDetails = {
  OTP: 0,
  IS_EMAIL: 0,
  LOGO_URL: '/logo.svg',
  BRAND_STATUS: 'active',
  BRAND_NAME: 'SPM Sports',
  WHATS_APP_URL: '',
  TELEGRAM: '',
  INSTATGRAM: '',
  FACEBOOK: '',
  organisationStatus: 'live',
  GRIEVANCE_OFFICER_NAME: 'Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@spm.example',
  GRIEVANCE_OFFICER_PHONE: '',
  REFERRAL_REWARD_POINTS: 100,
  REFERRAL_MIN_DEPOSIT_POINTS: 500,
};

function formBody(call: { body: unknown } | undefined): Record<string, FormDataEntryValue> {
  expect(call?.body).toBeInstanceOf(FormData);
  return Object.fromEntries((call?.body as FormData).entries());
}

describe('app settings', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends only the changed fields, numbers as numbers', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/settings/app': ok(details),
      'PATCH /api/staff/settings/app': ok(details),
    });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'App details' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Nothing has changed.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Brand name'), {
      target: { value: 'SPM Exchange' },
    });
    fireEvent.change(within(form).getByLabelText('Phone OTP'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Telegram link'), {
      target: { value: 'https://t.me/spm' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')[0]?.body).toEqual({
        BRAND_NAME: 'SPM Exchange',
        OTP: 1,
        TELEGRAM: 'https://t.me/spm',
      }),
    );
  });

  it('sets the referral terms as whole points and refuses a negative reward', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/settings/app': ok(details),
      'PATCH /api/staff/settings/app': ok(details),
    });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'App details' });
    const reward = within(form).getByLabelText('Reward (points)');
    expect(reward).toHaveValue(100);
    fireEvent.change(reward, { target: { value: '-5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')).toHaveLength(0);

    fireEvent.change(reward, { target: { value: '250' } });
    fireEvent.change(within(form).getByLabelText('Qualifying deposit (points)'), {
      target: { value: '1000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')[0]?.body).toEqual({
        REFERRAL_REWARD_POINTS: 250,
        REFERRAL_MIN_DEPOSIT_POINTS: 1000,
      }),
    );
  });

  it('edits the regions: countries as codes, Indian states ticked, the geolocation file shown', async () => {
    const regions = {
      settings: {
        allowedCountries: [],
        blockedCountries: [],
        blockedStates: ['TS'],
        blockUnknownAddress: false,
      },
      geolocation: {
        file: '/srv/geo/ip-ranges.csv',
        ranges: 1234,
        loadedAt: '2026-12-02T09:00:00.000Z',
      },
    };
    const fetchMock = mockApi({
      'GET /api/staff/settings/app': ok(details),
      'GET /api/staff/settings/regions': ok(regions),
      'PUT /api/staff/settings/regions': ok(regions),
    });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'Regions' });
    expect(within(form).getByTestId('geoip-status')).toHaveTextContent(
      'Geolocation file: /srv/geo/ip-ranges.csv (1234 ranges',
    );
    expect(within(form).getByLabelText('Telangana')).toBeChecked();
    fireEvent.change(within(form).getByLabelText('Blocked countries'), {
      target: { value: 'gb, us' },
    });
    fireEvent.click(within(form).getByLabelText('Andhra Pradesh'));
    fireEvent.click(
      within(form).getByLabelText('Refuse addresses the geolocation file cannot place'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save regions' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/staff/settings/regions')[0]?.body).toEqual({
        allowedCountries: [],
        blockedCountries: ['GB', 'US'],
        blockedStates: ['TS', 'AP'],
        blockUnknownAddress: true,
      }),
    );
    fireEvent.change(
      within(form).getByLabelText('Allowed countries (empty: every country not blocked)'),
      {
        target: { value: 'India' },
      },
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save regions' }));
    expect(await within(form).findByText('Check the country codes.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/staff/settings/regions')).toHaveLength(1);
  });

  it('explains that OTP 0 means the OTP flow is on', async () => {
    mockApi({ 'GET /api/staff/settings/app': ok(details) });
    renderPage(<AppSettingsPage />);
    const select = await screen.findByLabelText('Phone OTP');
    expect(select).toHaveValue('0');
    expect(within(select).getByRole('option', { name: /^On \(0\)/ })).toBeInTheDocument();
  });

  it('asks for the typed word before putting the site into maintenance', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/settings/app': ok(details),
      'PATCH /api/staff/settings/app': ok({ ...details, organisationStatus: 'maintenance' }),
    });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'App details' });
    fireEvent.click(within(form).getByRole('radio', { name: /^Maintenance/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the site to “Maintenance”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Set to Maintenance' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Type maintenance to confirm'), {
      target: { value: 'maint' },
    });
    expect(confirm).toBeDisabled();
    fireEvent.click(confirm);
    expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Type maintenance to confirm'), {
      target: { value: 'maintenance' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')[0]?.body).toEqual({
        organisationStatus: 'maintenance',
      }),
    );
  });

  it('sends nothing when the maintenance confirmation is cancelled', async () => {
    const fetchMock = mockApi({ 'GET /api/staff/settings/app': ok(details) });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'App details' });
    fireEvent.click(within(form).getByRole('radio', { name: /^Suspended/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the site to “Suspended”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')).toHaveLength(0);
  });

  it('sets the site live again without the typed confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/settings/app': ok({ ...details, organisationStatus: 'maintenance' }),
      'PATCH /api/staff/settings/app': ok(details),
    });
    renderPage(<AppSettingsPage />);
    const form = await screen.findByRole('form', { name: 'App details' });
    fireEvent.click(within(form).getByRole('radio', { name: /^Live/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/settings/app')[0]?.body).toEqual({
        organisationStatus: 'live',
      }),
    );
  });
});

describe('banners', () => {
  beforeEach(() => {
    signInAsAdmin();
    stubObjectUrls();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const banner = {
    id: '6c1f0f5e-1111-4c4b-9a51-5d2b8f0e7c11',
    title: 'Welcome bonus',
    titleTranslations: {},
    imageUrl: '/api/media/banner-1.png',
    linkUrl: null,
    order: 3,
    enabled: true,
  };

  it('uploads a new banner as multipart with a preview, and refuses a missing image', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/banners': ok([banner]),
      'POST /api/staff/banners': ok({ ...banner, id: 'x' }),
    });
    renderPage(<BannersPage />);
    const table = await screen.findByTestId('banners-table');
    expect(await within(table).findByRole('img', { name: 'Welcome bonus' })).toHaveAttribute(
      'src',
      '/api/media/banner-1.png',
    );
    const form = screen.getByRole('form', { name: 'Upload a banner' });
    expect(within(form).getByLabelText(/^Order/)).toHaveValue('4');
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'IPL offer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload banner' }));
    expect(await within(form).findByText('Choose an image.')).toBeInTheDocument();

    const gif = new File(['GIF89a'], 'offer.gif', { type: 'image/gif' });
    fireEvent.change(within(form).getByLabelText(/^Image/), { target: { files: [gif] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload banner' }));
    expect(await within(form).findByText('Only JPEG, PNG or WebP images.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/staff/banners')).toHaveLength(0);

    const png = new File(['PNG'], 'offer.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText(/^Image/), { target: { files: [png] } });
    expect(
      await within(form).findByRole('img', { name: 'Preview of the new banner' }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    // Issue 40 item 7: a target must be a built page of the player app or an https address
    // (every route is built now: no target is refused as "not built yet").
    for (const [bad, says] of [
      ['/casino', 'No page of the player app has this address.'],
      ['http://example.com', 'Use an https:// address'],
    ] as const) {
      fireEvent.change(within(form).getByLabelText(/^Target/), { target: { value: bad } });
      fireEvent.click(within(form).getByRole('button', { name: 'Upload banner' }));
      expect(await within(form).findByText(new RegExp(`^${says}`))).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, 'POST /api/staff/banners')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Target/), {
      target: { value: '/live-casino' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload banner' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/staff/banners')).toHaveLength(1));
    const [upload] = callsTo(fetchMock, 'POST /api/staff/banners');
    expect(upload?.headers['content-type']).toBeUndefined();
    const fields = formBody(upload);
    expect(fields).toMatchObject({
      title: 'IPL offer',
      linkUrl: '/live-casino',
      order: '4',
      enabled: 'true',
    });
    expect(fields.image).toBeInstanceOf(File);
    expect((fields.image as File).name).toBe('offer.png');
  });

  it('changes the order and the enabled switch of a banner', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/banners': ok([banner]),
      [`PATCH /api/staff/banners/${banner.id}`]: ok(banner),
    });
    renderPage(<BannersPage />);
    const order = await screen.findByLabelText('Order of Welcome bonus');
    fireEvent.change(order, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/staff/banners/${banner.id}`)[0]?.body).toEqual({
        order: 1,
      }),
    );
    fireEvent.click(screen.getByLabelText('Show Welcome bonus'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/staff/banners/${banner.id}`)[1]?.body).toEqual({
        enabled: false,
      }),
    );
  });

  it('refuses to retarget a banner to no page and marks one players cannot see', async () => {
    // Stored before targets were checked: its page does not exist, so players never see it.
    const unbuilt = { ...banner, id: 'b2', title: 'Old promotion', linkUrl: '/old-promotion' };
    const fetchMock = mockApi({
      'GET /api/staff/banners': ok([banner, unbuilt]),
      [`PATCH /api/staff/banners/${banner.id}`]: ok(banner),
    });
    renderPage(<BannersPage />);
    const table = await screen.findByTestId('banners-table');
    expect(await within(table).findAllByTestId('banner-hidden-unbuilt')).toHaveLength(1);
    expect(within(table).getByTestId('banner-hidden-unbuilt')).toHaveTextContent(
      'Hidden from players: its page is not built yet.',
    );
    fireEvent.click(within(table).getAllByRole('button', { name: 'Edit' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit banner' });
    const target = within(dialog).getByLabelText(/^Target/);
    fireEvent.change(target, { target: { value: '/casino' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/^No page of the player app has this address/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `PATCH /api/staff/banners/${banner.id}`)).toHaveLength(0);
    fireEvent.change(target, { target: { value: '/spmsports/cricket' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/staff/banners/${banner.id}`)[0]?.body).toEqual({
        linkUrl: '/spmsports/cricket',
      }),
    );
  });

  it('deletes a banner after confirming', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/banners': ok([banner]),
      [`DELETE /api/staff/banners/${banner.id}`]: ok({ id: banner.id }),
    });
    renderPage(<BannersPage />);
    const table = await screen.findByTestId('banners-table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the banner “Welcome bonus”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `DELETE /api/staff/banners/${banner.id}`)).toHaveLength(1),
    );
  });
});

describe('announcements', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds one and switches one off', async () => {
    const item = {
      id: 'a1',
      message: 'Welcome to SPM',
      translations: {},
      enabled: true,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    const fetchMock = mockApi({
      'GET /api/staff/announcements': ok([item]),
      'POST /api/staff/announcements': ok(item),
      'PATCH /api/staff/announcements/a1': ok(item),
    });
    renderPage(<AnnouncementsPage />);
    fireEvent.click(await screen.findByLabelText('Show “Welcome to SPM”'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/announcements/a1')[0]?.body).toEqual({
        enabled: false,
      }),
    );
    const form = screen.getByRole('form', { name: 'Add an announcement' });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: 'Hi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('3 to 500 characters.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Message/), {
      target: { value: 'IPL starts today' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/announcements')[0]?.body).toEqual({
        message: 'IPL starts today',
        translations: {},
        enabled: true,
      }),
    );
  });
});

const paytm: Gateway = {
  code: 'm_paytm',
  name: 'Paytm UPI',
  kind: 'upi',
  currency: 'INR',
  pointsPerUnit: 1,
  minAmount: 100,
  maxAmount: 50000,
  presets: [500, 1000],
  instructions: 'Pay and upload the screenshot.',
  payTo: {
    upiId: 'spm@paytm',
    qrImageUrl: null,
    accountNo: null,
    accountName: null,
    ifscCode: null,
    bankName: null,
    walletAddress: null,
    network: null,
  },
  automated: false,
  depositBonusPercent: 0,
  enabled: true,
  withdrawEnabled: false,
  withdrawMinAmount: 500,
  withdrawMaxAmount: 100000,
  withdrawExtraPercent: 0,
  sortOrder: 1,
};

describe('payment gateways', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits a gateway sending only the changed fields and pay-to fields', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/gateways': ok([paytm]),
      'PATCH /api/staff/gateways/m_paytm': ok(paytm),
    });
    renderPage(<GatewaysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Paytm UPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Paytm UPI' });
    fireEvent.change(within(dialog).getByLabelText(/^Minimum deposit/), {
      target: { value: '60000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'More than 0, at most 2 decimals, and not below the minimum.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/staff/gateways/m_paytm')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Minimum deposit/), {
      target: { value: '200' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Preset amounts/), {
      target: { value: '500, 1000, 2500' },
    });
    fireEvent.click(within(dialog).getByLabelText('Offer for withdrawals'));
    fireEvent.change(within(dialog).getByLabelText(/^UPI id/), { target: { value: 'spm2@paytm' } });
    fireEvent.change(within(dialog).getByLabelText(/^Withdrawal extra/), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/gateways/m_paytm')[0]?.body).toEqual({
        minAmount: 200,
        presets: [500, 1000, 2500],
        withdrawEnabled: true,
        withdrawExtraPercent: 3,
        payTo: { upiId: 'spm2@paytm' },
      }),
    );
  });

  it('uploads a QR image as multipart field qr', async () => {
    const fetchMock = mockApi({
      'GET /api/staff/gateways': ok([paytm]),
      'POST /api/staff/gateways/m_paytm/qr': ok(paytm),
    });
    renderPage(<GatewaysPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Paytm UPI' }));
    const qr = await screen.findByRole('form', { name: 'Payment QR code' });
    const png = new File(['PNG'], 'qr.png', { type: 'image/png' });
    fireEvent.change(within(qr).getByLabelText(/^QR image/), { target: { files: [png] } });
    fireEvent.click(within(qr).getByRole('button', { name: 'Upload QR' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/gateways/m_paytm/qr')).toHaveLength(1),
    );
    const fields = formBody(callsTo(fetchMock, 'POST /api/staff/gateways/m_paytm/qr')[0]);
    expect((fields.qr as File).name).toBe('qr.png');
  });
});

describe('broadcast', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('needs a player id to send to one player, then shows the recipient count', async () => {
    const fetchMock = mockApi({ 'POST /api/staff/notifications': ok({ recipients: 1 }) });
    renderPage(<BroadcastPage />);
    const form = screen.getByRole('form', { name: 'Send a notification' });
    fireEvent.click(within(form).getByLabelText('One player'));
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Bonus' } });
    fireEvent.change(within(form).getByLabelText(/^Message/), {
      target: { value: 'You got 100 coins' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(
      await within(form).findByText("Enter the player's id (digits only)."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Player id/), { target: { value: '7' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'success' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this notification?' });
    expect(dialog).toHaveTextContent('Player #7 receives it');
    expect(callsTo(fetchMock, 'POST /api/staff/notifications')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/notifications')[0]?.body).toEqual({
        target: { kind: 'player', playerId: '7' },
        title: 'Bonus',
        message: 'You got 100 coins',
        translations: {},
        status: 'success',
      }),
    );
    expect(await screen.findByText('Sent. Recipients: 1.')).toBeInTheDocument();
  });

  it('sends to every player after confirming', async () => {
    const fetchMock = mockApi({ 'POST /api/staff/notifications': ok({ recipients: 1250 }) });
    renderPage(<BroadcastPage />);
    const form = screen.getByRole('form', { name: 'Send a notification' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('1 to 100 characters.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Maintenance' } });
    fireEvent.change(within(form).getByLabelText(/^Message/), { target: { value: 'Tonight 2am' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this notification?' });
    expect(dialog).toHaveTextContent('Every active player receives it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/staff/notifications')[0]?.body).toEqual({
        target: { kind: 'all' },
        title: 'Maintenance',
        message: 'Tonight 2am',
        translations: {},
        status: 'info',
      }),
    );
    expect(await screen.findByText('Sent. Recipients: 1250.')).toBeInTheDocument();
  });
});

describe('names in other languages', () => {
  beforeEach(() => signInAsAdmin());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finds a runner and gives its name per language; empty languages are left out', async () => {
    const runner = {
      kind: 'runner',
      id: '42',
      name: 'Mumbai',
      context: 'Mumbai v Chennai · Match Odds',
      translations: { hi: 'मुंबई' },
    };
    const fetchMock = mockApi({
      'GET /api/staff/name-translations': ok([runner]),
      'PUT /api/staff/name-translations/runner/42': ok(runner),
    });
    renderPage(<NamesPage />);
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByLabelText('Market, runner or event name'), {
      target: { value: 'M' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText('Type at least 2 characters.')).toBeInTheDocument();
    fireEvent.change(within(search).getByLabelText('Market, runner or event name'), {
      target: { value: 'Mumbai' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    const table = await screen.findByTestId('names-table');
    expect(await within(table).findByText('हिन्दी')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, 'GET /api/staff/name-translations')[0]?.url.searchParams.get('q'),
    ).toBe('Mumbai');

    fireEvent.click(within(table).getByRole('button', { name: 'Edit the names of “Mumbai”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Names of “Mumbai”' });
    expect(within(dialog).getByLabelText('हिन्दी · Name')).toHaveValue('मुंबई');
    fireEvent.change(within(dialog).getByLabelText('தமிழ் · Name'), {
      target: { value: ' மும்பை ' },
    });
    fireEvent.change(within(dialog).getByLabelText('हिन्दी · Name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/staff/name-translations/runner/42')[0]?.body).toEqual({
        translations: { ta: 'மும்பை' },
      }),
    );
  });

  it('edits an announcement in another language only', async () => {
    const item = {
      id: 'a1',
      message: 'Welcome to SPM',
      translations: {},
      enabled: true,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    const fetchMock = mockApi({
      'GET /api/staff/announcements': ok([item]),
      'PATCH /api/staff/announcements/a1': ok(item),
    });
    renderPage(<AnnouncementsPage />);
    const table = await screen.findByTestId('announcements-table');
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    fireEvent.change(within(dialog).getByLabelText('Español · Message'), {
      target: { value: 'Bienvenido a SPM' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/staff/announcements/a1')[0]?.body).toEqual({
        translations: { es: 'Bienvenido a SPM' },
      }),
    );
  });
});
