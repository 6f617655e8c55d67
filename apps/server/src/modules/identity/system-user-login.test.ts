import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findUserById, insertUser } from './user-repository.ts';
import { drivers } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import { post } from '../../test/identity.ts';

const INVALID = {
  data: null,
  error: true,
  message: 'Invalid username or password',
  errorCode: 'INVALID_CREDENTIALS',
};

describe.each(drivers)('signing in as a system account on %s', (driver) => {
  const h = useHarness(driver);

  /** Shaped as the market simulator's market maker: a "hash" that is not argon2, locked. */
  async function insertSystemUser(): Promise<{ id: number; username: string }> {
    const username = `sys${randomBytes(5).toString('hex')}`;
    const user = await insertUser(
      h.db,
      {
        username,
        usernameLower: username,
        name: 'Market maker',
        passwordHash: `!${randomBytes(8).toString('hex')}`,
        isSystem: true,
        status: 'locked',
      },
      'real',
    );
    return { id: user.id, username };
  }

  it('answers exactly as an unknown username does', async () => {
    const system = await insertSystemUser();
    const unknown = await post(h, '/api/login', { username: 'no-such-user', password: 'x1234567' });
    const asSystem = await post(h, '/api/login', {
      username: system.username,
      password: 'x1234567',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID);
    expect(asSystem.statusCode).toBe(401);
    expect(asSystem.json()).toEqual(INVALID);
  });

  it('counts no attempts, so it never locks and tells nothing apart from an unknown user', async () => {
    const system = await insertSystemUser();
    const answers: number[] = [];
    for (let i = 0; i < h.config.login.maxFailures + 1; i += 1) {
      const res = await post(h, '/api/login', { username: system.username, password: 'x1234567' });
      answers.push(res.statusCode);
    }
    expect(new Set(answers)).toEqual(new Set([401]));
    expect((await findUserById(h.db, system.id))?.failedLoginCount).toBe(0);
  });
});
