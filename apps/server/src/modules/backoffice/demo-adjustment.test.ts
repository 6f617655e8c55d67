import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, post } from '../../test/identity.ts';
import {
  WITHDRAW_TEST_ENV,
  adminToken,
  demoToken,
  idempotencyKey,
  systemBalancePaise,
} from '../../test/withdraw.ts';

/*
 * Play money never meets real money (docs/decisions.md "Demo play money"): a staff adjustment
 * of a demo account moves play money against the `play_money` account, never the house's.
 */
describe.each(drivers)('a staff adjustment of a demo account on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(driver, { env: WITHDRAW_TEST_ENV });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('moves play money against the play_money account and leaves the house alone', async () => {
    const token = await demoToken(h);
    const profile = await call(h, 'GET', '/api/profile', undefined, { token });
    expect(profile.json().data.isDemo).toBe(true);
    const demoId = Number(profile.json().data.id);
    const admin = await adminToken(h);
    const houseBefore = await systemBalancePaise(h, 'house');
    const playMoneyBefore = await systemBalancePaise(h, 'play_money');

    const adjust = (direction: 'credit' | 'debit', amount: number) =>
      post(
        h,
        `/api/staff/players/${demoId}/adjustments`,
        { direction, amount, reason: 'demo top-up', idempotencyKey: idempotencyKey() },
        { token: admin },
      );
    const debit = await adjust('debit', 5000);
    expect(debit.statusCode).toBe(200);
    expect(debit.json().data.wallet.cash).toBe(5000);
    const credit = await adjust('credit', 2000);
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data.wallet.cash).toBe(7000);

    expect(await systemBalancePaise(h, 'house')).toBe(houseBefore);
    // The play_money account took the 5,000 debited and gave the 2,000 credited.
    expect((await systemBalancePaise(h, 'play_money')) - playMoneyBefore).toBe(300_000n);
  });
});
