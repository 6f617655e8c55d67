import { describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/database.ts';
import { setAppSetting } from './settings-service.ts';
import { forgetSiteStatus, requireSiteLive } from './site-status.ts';
import { drivers } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import { call, post, registerPlayer } from '../../test/identity.ts';

describe.each(drivers)('money moves stop while the site is closed (%s)', (driver) => {
  const h = useHarness(driver);

  const writes: [string, unknown][] = [
    [
      '/api/bet/match/odds',
      {
        marketId: '1',
        runnerId: '1',
        side: 'back',
        price: 2,
        stake: 10,
        idempotencyKey: 'maint-0001',
      },
    ],
    [
      '/api/bet/bookmaker/odds',
      {
        marketId: '1',
        runnerId: '1',
        side: 'back',
        rate: 90,
        stake: 10,
        idempotencyKey: 'maint-0002',
      },
    ],
    [
      '/api/bet/fancy/odds',
      { marketId: '1', side: 'yes', line: 50, rate: 100, stake: 10, idempotencyKey: 'maint-0003' },
    ],
    ['/api/deposit/fastpayme', { gateway: 'm_binance_tron', amount: 900 }],
    ['/api/withdraw/request/otp', {}],
    [
      '/api/withdrawRequest/create',
      { amount: 100, bankId: '1', otp: '123456', idempotencyKey: 'maint-0004' },
    ],
    [
      '/api/withdrawRequest/dynamic',
      {
        gateway: 'm_binance_tron',
        amount: 900,
        address: 'T',
        otp: '123456',
        idempotencyKey: 'maint-0005',
      },
    ],
  ];

  it.each(['maintenance', 'suspended'] as const)(
    'answers 503 MAINTENANCE to bets, deposits and withdrawals while %s, and serves them again when live',
    async (status) => {
      const { token } = await registerPlayer(h);
      await setAppSetting(h.db, 'organisationStatus', status);
      try {
        for (const [url, body] of writes) {
          const res = await post(h, url, body, { token });
          expect(res.statusCode, url).toBe(503);
          expect(res.json().errorCode, url).toBe('MAINTENANCE');
        }
        // Reads stay open: the app shows the maintenance page, staff still see everything.
        expect(
          (await call(h, 'GET', '/api/withdrawRequest/get', undefined, { token })).statusCode,
        ).toBe(200);
      } finally {
        await setAppSetting(h.db, 'organisationStatus', 'live');
      }
      const otp = await post(h, '/api/withdraw/request/otp', {}, { token });
      expect(otp.statusCode, otp.body).toBe(200);
    },
  );
});

describe('the organisation status read', () => {
  it('is shared by every request that finds the cache stale while it is under way', async () => {
    let reads = 0;
    let answer: (rows: { key: string; value: unknown }[]) => void = () => undefined;
    // A database handle that counts the settings reads and answers them when told.
    const db = {
      select: () => ({
        from: () => {
          reads += 1;
          return new Promise((resolve) => (answer = resolve));
        },
      }),
    } as unknown as DbHandle;
    forgetSiteStatus();
    const guard = requireSiteLive(db);
    const waiting = Array.from({ length: 20 }, () => guard());
    expect(reads).toBe(1);
    answer([{ key: 'organisationStatus', value: 'live' }]);
    await Promise.all(waiting);
    await guard();
    expect(reads).toBe(1);
  });
});
