import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

/**
 * Issue 42 item 6: a MONEY_MODE=play site in Chromium. The player's cashier is the points
 * screen, saying why; amounts read as points; the daily points are claimed once and the
 * header moves with the wallet's update_balance.
 */
describe('a play-money site in the open player app', () => {
  usePlatformAndBrowser(
    (started) => ({ platform, browser } = started),
    // Only what the journey needs: no market feed, no casino tables.
    { MONEY_MODE: 'play', SIMULATOR: 'off', SPM_TABLES: 'off' },
  );

  it('hides the cashier, counts in points and gives the daily points once', async () => {
    const username = `pts${Date.now() % 100000}`;
    const password = 'sixes2026ok';
    await registerPlayer(platform.baseUrl, username, password);

    const page = await (await browser.newContext()).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('0.00 points');

    await page.goto(`${platform.baseUrl}/cashier`);
    await page.getByTestId('play-money-page').waitFor();
    expect(await page.getByTestId('play-money-why').textContent()).toContain(
      'This site plays for points only.',
    );
    expect(await page.getByTestId('cashier-deposit').count()).toBe(0);

    await page.getByTestId('play-allowance-claim').click();
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 5000 })
      .toBe('1,000.00 points');
    await page.getByTestId('play-allowance-claimed').waitFor();
    expect(await page.getByTestId('play-allowance-claim').count()).toBe(0);

    // The server agrees: the deposit door is shut for everyone on a points site.
    const login = await api<{ token: string }>(platform.baseUrl, '/login', {
      body: { username, password },
    });
    const deposit = await api(platform.baseUrl, '/deposit/fastpayme', {
      token: login.body.data.token,
      body: { amount: 500 },
    });
    const refusal = deposit.body as { errorCode?: string };
    expect([deposit.status, refusal.errorCode]).toEqual([403, 'PLAY_MONEY_SITE']);
    await page.context().close();
  });
});
