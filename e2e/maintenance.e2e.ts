import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';

let platform: Platform;
let browser: Browser;

describe('organisation status', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('moves the app to /maintenance when the database says maintenance, and back when live', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${platform.baseUrl}/contactus`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/contactus');

    await platform.setSettingOffline('organisationStatus', 'maintenance');
    await page.goto(`${platform.baseUrl}/contactus`);
    await page.waitForURL(`${platform.baseUrl}/maintenance`, { timeout: 15_000 });
    await page.goto(`${platform.baseUrl}/`);
    await page.waitForURL(`${platform.baseUrl}/maintenance`, { timeout: 15_000 });

    await platform.setSettingOffline('organisationStatus', 'live');
    await page.goto(`${platform.baseUrl}/maintenance`);
    await page.waitForURL((url) => url.pathname !== '/maintenance', { timeout: 15_000 });
    await page.context().close();
  });
});
