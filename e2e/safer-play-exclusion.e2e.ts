import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';

let platform: Platform;
let browser: Browser;

describe('self-exclusion in the player app (issue 42 items 3 and 4)', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('signs the open app out at once, and a new sign-in opens only the restricted view', async () => {
    const username = `excl${Date.now() % 100000}`;
    const password = 'sixes2026ok';
    await registerPlayer(platform.baseUrl, username, password);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const profile = await context.newPage();
    await logInThroughDialog(profile, platform.baseUrl, username, password);
    // A second tab of the same app, open on the home page with its own socket.
    const open = await context.newPage();
    await open.goto(`${platform.baseUrl}/home`);
    await open.getByTestId('header-balance').waitFor();

    await profile.goto(`${platform.baseUrl}/profile`);
    await profile.getByTestId('self-exclusion-length').selectOption('m6');
    await profile.getByTestId('self-exclusion-start').click();
    const confirm = profile.getByTestId('exclusion-confirm');
    await expect.poll(() => confirm.textContent()).toContain('Neither you nor our staff');
    await profile.getByTestId('exclusion-confirm-confirm').click();

    // Both tabs are signed out: the server ended the session and closed its sockets.
    for (const page of [profile, open]) {
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
      await page.getByTestId('login-username').waitFor({ timeout: 10_000 });
    }

    // Signing in again opens the restricted view, which says until when.
    await open.getByTestId('login-username').fill(username);
    await open.getByTestId('login-password').fill(password);
    await open.getByTestId('login-submit').click();
    await open.waitForURL(`${platform.baseUrl}/restricted`);
    const until = open.getByTestId('restricted-until');
    await until.waitFor();
    expect(await until.textContent()).toMatch(/You have excluded yourself until .+20\d\d/);
    expect(await open.getByTestId('restricted-withdraw').count()).toBe(1);
    // Its own frame: signing out, and none of the app's product navigation.
    expect(await open.getByTestId('restricted-signout').count()).toBe(1);
    expect(await open.getByTestId('bottom-nav').count()).toBe(0);
    expect(await open.getByTestId('header-balance').count()).toBe(0);
    // Nothing else: the home page (markets, casino) sends it back.
    await open.goto(`${platform.baseUrl}/home`);
    await open.waitForURL(`${platform.baseUrl}/restricted`);
    await context.close();
  }, 120_000);
});
