import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api } from './support/staff.ts';

let platform: Platform;
let browser: Browser;

/** Moves the built server's clock (DEV_CLOCK=adjustable): its timers reached fire at once. */
async function advanceServerClock(minutes: number): Promise<void> {
  const moved = await api(platform.baseUrl, '/dev/clock/advance', { body: { minutes } });
  expect(moved.status).toBe(200);
}

/** Long enough for a reality check the server sent to show; none may in that time. */
async function expectNoRealityCheckFor(page: Page, ms: number): Promise<void> {
  await page.waitForTimeout(ms);
  expect(await page.getByTestId('reality-check-dialog').count()).toBe(0);
}

describe('safer play: the reality check appears on time (issue 42 item 2)', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started), {
    DEV_CLOCK: 'adjustable',
  });

  it('at each 15 minutes of the server clock over any page, on a phone; continue, then stop signs out', async () => {
    const username = `rc${Date.now() % 100000}`;
    const password = 'sixes2026ok';
    await registerPlayer(platform.baseUrl, username, password);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);

    // The player sets a 15-minute reality check in the profile's safer-play section.
    await page.goto(`${platform.baseUrl}/profile`);
    await page.getByTestId('reality-check-interval').selectOption('15');
    await page.getByTestId('reality-check-save').click();
    await expect.poll(() => page.getByTestId('reality-check-save').isDisabled()).toBe(true);

    // Any page: the statement (in the app, no reload). 14 minutes later by the server's
    // clock: nothing yet.
    await page.getByTestId('profile-statement-link').click();
    await page.waitForURL(`${platform.baseUrl}/statement`);
    await advanceServerClock(14);
    await expectNoRealityCheckFor(page, 1500);

    // The 15th minute: the check shows the time played and the session's net result.
    await advanceServerClock(1);
    const dialog = page.getByTestId('reality-check-dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('reality-check-played').textContent()).toBe('15 min');
    expect(await page.getByTestId('reality-check-net').textContent()).toBe('0.00');
    await page.getByTestId('reality-check-continue').click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${platform.baseUrl}/statement`);

    // The next interval: again, and "stop" signs the player out.
    await advanceServerClock(15);
    await dialog.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('reality-check-played').textContent()).toBe('30 min');
    await page.getByTestId('reality-check-stop').click();
    await page.getByTestId('open-login').waitFor();
    expect(await page.getByTestId('reality-check-dialog').count()).toBe(0);
    await context.close();
  });
});
