import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { uniqueMobile } from './support/identity.ts';
import { screenshotPng } from './support/images.ts';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';

/*
 * Issue 42 item 1 in the browser: a new player is offered the limits prompt, sets a daily
 * deposit limit there, and a deposit above it is refused with the limit named; nothing is
 * requested. The profile's Safer play section shows the limit.
 */

let platform: Platform;
let browser: Browser;

const PNG = await screenshotPng();

describe('safer play limits in the player app', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('a player sets a deposit limit and a deposit above it is refused with the message', async () => {
    const username = `lim${Date.now() % 1_000_000}`;
    const password = 'limits2026';
    await registerPlayer(platform.baseUrl, username, password, uniqueMobile());
    const page = await (await browser.newContext()).newPage();
    await logInThroughDialog(page, platform.baseUrl, username, password);

    // The prompt a new player is offered: a deposit limit per 24 hours, or skip.
    const prompt = page.getByTestId('limits-prompt');
    await prompt.waitFor();
    await page.getByTestId('limits-prompt-amount').fill('500');
    await page.getByTestId('limits-prompt-set').click();
    await prompt.waitFor({ state: 'detached' });

    await page.goto(`${platform.baseUrl}/deposit/m_paytm`);
    // The limit is set: the first-deposit prompt is not offered again.
    await page.getByTestId('deposit-amount').fill('750');
    expect(await page.getByTestId('limits-prompt').count()).toBe(0);
    await page.getByTestId('deposit-reference').fill(`UTR${Date.now()}`);
    await page
      .getByTestId('deposit-proof')
      .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('deposit-proof-preview').waitFor();
    await page.getByTestId('deposit-submit').click();
    // The refusal names the limit (no time: this deposit alone is above it).
    await page
      .locator('.Toastify__toast', {
        hasText: 'This is more than your 24-hour deposit limit allows.',
      })
      .waitFor();
    expect(page.url()).toBe(`${platform.baseUrl}/deposit/m_paytm`);

    await page.goto(`${platform.baseUrl}/profile`);
    await page.getByTestId('safer-play-section').waitFor();
    expect(await page.getByTestId('limit-input-deposit-24h').inputValue()).toBe('500');
    expect(await page.getByTestId('limit-used-deposit-24h').textContent()).toContain('0 of 500');
  });
});
