import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RegionSettings } from '@spm/contract';
import { auditLog } from '../../audit/audit-tables.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { call, PASSWORD, post, registerBody, setOtpFlow } from '../../test/identity.ts';
import { adminToken } from '../../test/staff.ts';
import { users } from '../identity/tables.ts';
import { parseGeoCsv } from './geolocation.ts';

const FIXTURE = fileURLToPath(new URL('./geoip-fixture.csv', import.meta.url));
const TELANGANA_IP = '203.0.113.5';
const MAHARASHTRA_IP = '198.51.100.9';
const BRITISH_IP = '192.0.2.1';
const TAMIL_NADU_IPV6 = '2001:db8::1';
const OPEN: RegionSettings = {
  allowedCountries: [],
  blockedCountries: [],
  blockedStates: [],
  blockUnknownAddress: false,
};

/** Issue 42 item 7: registration and sign-in refused by phone country, declared state and address. */
describe.each(drivers)('regions on %s', (driver) => {
  const h = useHarness(driver, { env: { GEOIP_FILE: FIXTURE } });

  const setRegions = async (settings: RegionSettings) => {
    const token = await adminToken(h);
    const res = await call(h, 'PUT', '/api/staff/settings/regions', settings, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const register = (overrides: Parameters<typeof registerBody>[0], ip: string) =>
    post(h, '/api/register', registerBody(overrides), { ip });
  const login = (username: string, ip: string) =>
    post(h, '/api/login', { username, password: PASSWORD }, { ip });
  const expectRefused = (
    res: { statusCode: number; json: () => unknown },
    region: { check: string; country: string | null; state: string | null },
  ) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: true,
      errorCode: 'REGION_BLOCKED',
      data: { region },
    });
  };
  const usersNamed = (username: string) =>
    h.db.select().from(users).where(eq(users.username, username));

  it('blocks the real-money states by default, stores the state and the 18+ time, shows both to staff', async () => {
    await setOtpFlow(h, false);
    const staff = await call(h, 'GET', '/api/staff/settings/regions', undefined, {
      token: await adminToken(h),
    });
    expect(staff.json().data).toMatchObject({
      settings: { blockedCountries: [], blockedStates: ['AP', 'AS', 'OD', 'TN', 'TS'] },
      geolocation: { file: FIXTURE, ranges: 4 },
    });

    const telangana = registerBody({ state: 'TS' });
    expectRefused(await post(h, '/api/register', telangana, { ip: MAHARASHTRA_IP }), {
      check: 'state',
      country: 'IN',
      state: 'TS',
    });
    expect(await usersNamed(telangana.username)).toEqual([]);

    const unticked = { ...registerBody(), age_confirmed: false };
    expect((await post(h, '/api/register', unticked)).statusCode).toBe(400);

    const body = registerBody({ state: 'MH' });
    const res = await post(h, '/api/register', body, { ip: MAHARASHTRA_IP });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await usersNamed(body.username);
    expect(row).toMatchObject({ declaredState: 'MH', ageConfirmedAt: h.clock.now() });

    const player = await call(h, 'GET', `/api/staff/players/${row!.id}`, undefined, {
      token: await adminToken(h),
    });
    expect(player.json().data).toMatchObject({
      declaredState: 'MH',
      ageConfirmedAt: h.clock.now().toISOString(),
    });
  });

  it('refuses by the phone country at registration and sign-in; allowed countries pass', async () => {
    const body = registerBody();
    expect((await register(body, MAHARASHTRA_IP)).statusCode).toBe(200);

    await setRegions({ ...OPEN, allowedCountries: ['NP'] });
    expectRefused(await register({}, MAHARASHTRA_IP), {
      check: 'phone',
      country: 'IN',
      state: null,
    });
    expectRefused(await login(body.username, MAHARASHTRA_IP), {
      check: 'phone',
      country: 'IN',
      state: null,
    });

    await setRegions({ ...OPEN, allowedCountries: ['IN', 'NP'] });
    expect((await login(body.username, MAHARASHTRA_IP)).statusCode).toBe(200);
    await setRegions({ ...OPEN, blockedCountries: ['IN'] });
    expectRefused(await login(body.username, MAHARASHTRA_IP), {
      check: 'phone',
      country: 'IN',
      state: null,
    });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.regions_update')))
      .orderBy(auditLog.id);
    expect(audit).toBeDefined();
  });

  it('refuses by the declared state at sign-in', async () => {
    await setRegions(OPEN);
    const body = registerBody({ state: 'KA' });
    expect((await register(body, MAHARASHTRA_IP)).statusCode).toBe(200);
    await setRegions({ ...OPEN, blockedStates: ['KA'] });
    // More tries than the login lock allows: each is told why, none locks the account.
    for (let i = 0; i <= h.config.login.maxFailures; i += 1) {
      expectRefused(await login(body.username, MAHARASHTRA_IP), {
        check: 'state',
        country: 'IN',
        state: 'KA',
      });
    }
  });

  it('refuses by the client address (IPv4 and IPv6), unknown addresses only when told', async () => {
    await setRegions({ ...OPEN, allowedCountries: ['IN'], blockedStates: ['TS', 'TN'] });
    const body = registerBody({ state: 'MH' });
    expectRefused(await register(body, TELANGANA_IP), {
      check: 'address',
      country: 'IN',
      state: 'TS',
    });
    expectRefused(await register(body, BRITISH_IP), {
      check: 'address',
      country: 'GB',
      state: null,
    });
    expectRefused(await register(body, TAMIL_NADU_IPV6), {
      check: 'address',
      country: 'IN',
      state: 'TN',
    });
    expect((await register(body, `::ffff:${MAHARASHTRA_IP}`)).statusCode).toBe(200);
    expectRefused(await login(body.username, TELANGANA_IP), {
      check: 'address',
      country: 'IN',
      state: 'TS',
    });
    // A private address is not placed: allowed, until the operator blocks unknown addresses.
    expect((await login(body.username, '10.1.2.3')).statusCode).toBe(200);
    await setRegions({ ...OPEN, blockUnknownAddress: true });
    expectRefused(await login(body.username, '10.1.2.3'), {
      check: 'address',
      country: null,
      state: null,
    });
    expectRefused(await post(h, '/api/login/demo', undefined, { ip: '127.0.0.1' }), {
      check: 'address',
      country: null,
      state: null,
    });
    expect((await login(body.username, MAHARASHTRA_IP)).statusCode).toBe(200);
    await setRegions(OPEN);
  });

  it('reads DB-IP city lines and stops at a broken line', () => {
    const dbip = parseGeoCsv(
      '"1.6.0.0","1.6.0.255","AS","IN","Andhra Pradesh","Hyderabad",17.3,78.4\n',
      'dbip-city',
    );
    expect(dbip.v4[0]?.place).toEqual({ country: 'IN', state: 'AP' });
    expect(() => parseGeoCsv('1.0.0.0,1.0.0.255,IN\nnonsense\n', 'ranges')).toThrow(/line 2/);
  });
});
