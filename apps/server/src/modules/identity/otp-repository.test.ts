import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from './tables.ts';
import { createMigratedTestDatabase, drivers, type TestDatabase } from '../../test/harness.ts';
import { randomPhone } from '../../test/identity.ts';
import { takeOtpAttempt } from './otp-repository.ts';

const MAX_ATTEMPTS = 5;
const NOW = new Date('2026-06-01T12:00:00Z');

/**
 * The attempt cap lives in the UPDATE's WHERE clause (`attempts < max`), not in the service:
 * these tests call the repository directly, so the guard is the only thing that can stop a
 * try. Through HTTP the service's "last wrong try ends the code" hides a missing guard
 * whenever guesses happen not to overlap.
 */
describe.each(drivers)('OTP attempt cap in SQL on %s', (driver) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase(driver);
  });
  afterAll(async () => {
    await testDatabase?.dispose();
  });

  async function liveCode(attempts: number): Promise<string> {
    const phone = randomPhone();
    await testDatabase.database.db.insert(otpCodes).values({
      phone,
      purpose: 'register',
      codeHash: 'hash',
      expiresAt: new Date(NOW.getTime() + 60_000),
      attempts,
    });
    return phone;
  }

  const take = (phone: string) =>
    takeOtpAttempt(testDatabase.database.db, phone, 'register', {
      now: NOW,
      maxAttempts: MAX_ATTEMPTS,
    });

  async function attemptsOf(phone: string): Promise<number | undefined> {
    const rows = await testDatabase.database.db
      .select({ attempts: otpCodes.attempts })
      .from(otpCodes)
      .where(eq(otpCodes.phone, phone));
    return rows[0]?.attempts;
  }

  it('refuses a try when the counter is already at the cap', async () => {
    const phone = await liveCode(MAX_ATTEMPTS);
    expect(await take(phone)).toBeUndefined();
    expect(await attemptsOf(phone)).toBe(MAX_ATTEMPTS);
  });

  it('grants the last try below the cap and counts it', async () => {
    const phone = await liveCode(MAX_ATTEMPTS - 1);
    expect(await take(phone)).toMatchObject({ attempts: MAX_ATTEMPTS, codeHash: 'hash' });
    expect(await take(phone)).toBeUndefined();
    expect(await attemptsOf(phone)).toBe(MAX_ATTEMPTS);
  });

  // On PostgreSQL the calls run at once on the pool's separate connections, so the row lock
  // and the re-checked WHERE are what keep the count; on PGlite (one connection) they queue,
  // and nothing but the guard ends the code, as nothing here consumes it.
  it('grants exactly the cap of many simultaneous tries', async () => {
    const phone = await liveCode(0);
    const tries = await Promise.all(Array.from({ length: 20 }, () => take(phone)));
    const granted = tries.flatMap((attempt) => (attempt ? [attempt.attempts] : []));
    expect(granted.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await attemptsOf(phone)).toBe(MAX_ATTEMPTS);
  });
});
