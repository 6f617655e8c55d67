import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { logInThroughDialog, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { creditPlayer, staffToken } from './support/staff.ts';

/**
 * The sportsbook (/sportsbook2, /betby; docs/sportsbook.md). No Betby brand is configured, so
 * the platform's stand-in renderer draws the book: a visitor sees what the sportsbook offers
 * and browses its lines; a new player with points picks an outcome, stakes, places the bet and
 * finds it among their open sportsbook bets.
 */

let platform: Platform;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const STAKE_POINTS = 50;

/** Betby's rule: no ancestor of its target may clip (overflow: hidden). */
async function clippingAncestors(page: Page): Promise<string[]> {
  return page.getByTestId('betby-target').evaluate((target) => {
    const clipping: string[] = [];
    for (let node = target.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if ([style.overflow, style.overflowX, style.overflowY].includes('hidden')) {
        clipping.push(`${node.tagName.toLowerCase()}.${node.className}`);
      }
    }
    return clipping;
  });
}

describe('the sportsbook in the browser', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('shows a visitor what the sportsbook offers and its lines', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${platform.baseUrl}/sportsbook2`);
    await page.getByTestId('sportsbook-offer').waitFor();
    expect(await page.getByTestId('sportsbook-offer-sports').textContent()).toContain('cricket');
    expect(await page.getByTestId('sportsbook-sign-in').isVisible()).toBe(true);
    expect(await page.getByTestId('sportsbook-register').isVisible()).toBe(true);

    await page.getByTestId('sportsbook-open').click();
    await page.waitForURL(`${platform.baseUrl}/betby`);
    await page.getByTestId('bt-event').first().waitFor();
    expect(await page.getByTestId('betby-stand-in').isVisible()).toBe(true);
    expect(await clippingAncestors(page)).toEqual([]);
    await context.close();
  });

  it(
    'lets a new player place a bet on the stand-in book and see it open',
    { timeout: 180_000 },
    async () => {
      const suffix = String(Date.now() % 100_000);
      const username = `book${suffix}`;
      const password = 'book2026';
      const playerId = await registerPlayer(platform.baseUrl, username, password);
      const staff = await staffToken(platform.baseUrl, platform.dataDir);
      const funded = await creditPlayer(
        platform.baseUrl,
        staff,
        playerId,
        1000,
        `e2e-book-${suffix}`,
      );
      expect(funded.status).toBe(200);

      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await logInThroughDialog(page, platform.baseUrl, username, password);

      // The account menu leads to the player's sportsbook bets: none yet.
      await page.getByTestId('account-menu').click();
      await page.getByTestId('sportsbook-menu-link').click();
      await page.waitForURL(`${platform.baseUrl}/sportsbook2`);
      await page.getByTestId('sportsbook-bets-empty').waitFor();

      // The book: an outcome's odds, a stake, Place bet.
      await page.getByTestId('sportsbook-empty-link').click();
      await page.waitForURL(`${platform.baseUrl}/betby`);
      await page.getByTestId('bt-event').first().waitFor();
      expect(await clippingAncestors(page)).toEqual([]);
      // A match not in play moves its prices less; the simulator moves them all the same.
      const notLive = page
        .getByTestId('bt-event')
        .filter({ hasNot: page.locator('.bt-badge-live') });
      const event =
        (await notLive.count()) > 0 ? notLive.first() : page.getByTestId('bt-event').first();
      await event.getByTestId('bt-odds').and(page.locator(':enabled')).first().click();
      await page.getByTestId('bt-stake').fill(String(STAKE_POINTS));
      const message = page.getByTestId('bt-message');
      // A price that moved between the pick and Place bet is shown anew and placed again, as a
      // player would (the stand-in, like Betby, takes only the price it shows).
      const outcomes: string[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await page.getByTestId('bt-place').click();
        await expect
          .poll(async () => (await message.textContent())?.trim() ?? '', { timeout: 15_000 })
          .not.toBe('');
        const said = (await message.textContent())?.trim() ?? '';
        outcomes.push(said);
        if (!said.startsWith('The odds changed')) break;
      }
      expect(outcomes.at(-1), outcomes.join(' | ')).toContain('Bet accepted');

      // Its open bets list it, with its stake.
      await page.getByTestId('betby-bets-link').click();
      await page.waitForURL(`${platform.baseUrl}/sportsbook2`);
      const bet = page.getByTestId('sportsbook-bet').first();
      await bet.waitFor();
      expect(await bet.getAttribute('data-status')).toBe('open');
      expect(await bet.getByTestId('sportsbook-bet-stat-stake').textContent()).toContain(
        String(STAKE_POINTS),
      );
      expect(await bet.getByTestId('sportsbook-leg').count()).toBeGreaterThan(0);
      await context.close();
    },
  );
});
