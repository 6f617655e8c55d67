import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api, staffToken } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

describe('the open player app after a server restart (issue 39 item 6)', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('catches up on what was committed while it was cut off: balance and unread notifications, without a reload', async () => {
    const username = `ravi${Date.now() % 100000}`;
    const password = 'sixes2026ok';
    const playerId = await registerPlayer(platform.baseUrl, username, password);
    // Staff sessions live in the database: this one also works on the second start.
    const token = await staffToken(platform.baseUrl, platform.dataDir);

    const page = await (await browser.newContext()).newPage();
    // The app's channel has joined (the server's namespace connect reached the page) before
    // the restart: what is tested is an app cut off, not one still making its first connect.
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('40{')) resolve();
        }),
      );
    });
    await logInThroughDialog(page, platform.baseUrl, username, password);
    await Promise.race([
      joined,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the channel did not join within 30 s')), 30_000),
      ),
    ]);
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toContain('0.00');
    expect(await page.getByTestId('notifications-unread').count()).toBe(0);
    let reloads = 0;
    page.on('framenavigated', () => (reloads += 1));

    // The page's server goes down; another start over the same data takes a credit and a
    // notification for the player (their pushes reach no socket of this page); then the
    // page's server starts again on its port.
    await platform.restartAfter(async (other) => {
      const credit = await api(other, `/staff/players/${playerId}/adjustments`, {
        token,
        body: {
          direction: 'credit',
          amount: 750,
          reason: 'Credited while the app was away',
          idempotencyKey: `e2e-reconnect-${Date.now()}`,
        },
      });
      expect(credit.status).toBe(200);
      const note = await api(other, '/staff/notifications', {
        token,
        body: {
          target: { kind: 'player', playerId: String(playerId) },
          title: 'While you were away',
          message: 'Your account was credited.',
          status: 'info',
        },
      });
      expect(note.status).toBe(200);
    });

    // What the server holds after the restart: the credit committed while the page was away
    // (a failure here is a lost commit, not a page that did not catch up).
    const held = await api<{ wallet: { balance: number } }>(
      platform.baseUrl,
      `/staff/players/${playerId}`,
      { token },
    );
    expect(held.body.data.wallet.balance).toBe(750);

    // The socket reconnects on its own: the next try after the restart (RECONNECTION_DELAY_MAX_MS
    // and its jitter), or one begun while the server was still booting, up to its connect
    // time-out (REALTIME_CONNECT_TIMEOUT_MS).
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 45_000 })
      .toContain('750.00');
    // Two new: the adjustment's own notice and the broadcast.
    await expect
      .poll(() => page.getByTestId('notifications-unread').textContent(), { timeout: 45_000 })
      .toBe('2');
    await page.getByTestId('notifications-bell').click();
    await expect
      .poll(() => page.getByTestId('notifications-list').textContent())
      .toContain('While you were away');
    expect(reloads).toBe(0);
    await page.context().close();
    // Two more boots of the server than a test usually has.
  }, 300_000);
});
