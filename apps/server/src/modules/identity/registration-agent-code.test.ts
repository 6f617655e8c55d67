import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { post, registerBody, setOtpFlow } from '../../test/identity.ts';
import { createStaff } from '../../test/staff.ts';
import { users } from './tables.ts';

/** Issue 39 item 8: an agent code at registration must name an agent. */
describe.each(drivers)('the agent code at registration on %s', (driver) => {
  const h = useHarness(driver);

  it('refuses a code no agent has, writing no player, and normalises a valid one', async () => {
    await setOtpFlow(h, false);
    const code = `AG${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await createStaff(h, { role: 'agent', agentCode: code });

    const unknown = registerBody({ agent_code: 'NOPE99' });
    const refused = await post(h, '/api/register', unknown);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: true,
      errorCode: 'AGENT_CODE_UNKNOWN',
      message: 'No agent or player has this code.',
    });
    const stored = await h.db.select().from(users).where(eq(users.username, unknown.username));
    expect(stored).toEqual([]);

    for (const typed of [code.toLowerCase(), `  ${code}  `, code]) {
      const body = registerBody({ agent_code: typed });
      const res = await post(h, '/api/register', body);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await h.db.select().from(users).where(eq(users.username, body.username));
      expect(row!.agentCode).toBe(code);
    }
    // No code at all is still fine.
    const none = await post(h, '/api/register', registerBody({ agent_code: '   ' }));
    expect(none.statusCode, none.body).toBe(200);
  });
});
