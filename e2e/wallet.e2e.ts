import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api, staffToken } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

describe('wallet in the open player app', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('shows a staff adjustment within a second, without a reload, and lists it in the statement', async () => {
    const username = `kiran${Date.now() % 100000}`;
    const password = 'sixes2026ok';
    const playerId = await registerPlayer(platform.baseUrl, username, password);

    const page = await (await browser.newContext()).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toContain('0.00');
    let reloads = 0;
    page.on('framenavigated', () => (reloads += 1));

    const token = await staffToken(platform.baseUrl, platform.dataDir);
    const started = Date.now();
    const adjustment = await api(platform.baseUrl, `/staff/players/${playerId}/adjustments`, {
      token,
      body: {
        direction: 'credit',
        amount: 1500.5,
        reason: 'Opening balance',
        idempotencyKey: `e2e-${started}`,
      },
    });
    expect(adjustment.status).toBe(200);
    await expect
      .poll(() => page.getByTestId('header-balance').textContent(), { timeout: 1000, interval: 50 })
      .toContain('1,500.50');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(reloads).toBe(0);

    await page.getByTestId('account-menu').click();
    await page.getByTestId('statement-link').click();
    await page.waitForURL(`${platform.baseUrl}/statement`);
    await expect.poll(() => page.getByTestId('statement-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByTestId('statement-row').first().textContent()).toContain('1,500.50');
    await page.context().close();
  });
});
