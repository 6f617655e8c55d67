import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshotPng } from './support/images.ts';
import { logInThroughDialog, points, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api, staffToken } from './support/staff.ts';

/**
 * Bonuses (/promotionoffers, /bonus, /bonus/:bonusId): a new player claims the seeded
 * "Casino welcome bonus" (666% up to 1,998 on a deposit of at least 300, 50× wagering),
 * deposits 300, staff approve it, and the bonus wallet shows the active bonus; the player
 * cancels it through the dialog and its 1,998 coins are forfeited.
 */

let platform: Platform;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const OFFER = 'Casino welcome bonus';
const DEPOSIT_POINTS = 300;
const BONUS_POINTS = 1998;
const WAGERING_POINTS = 99_900;

/** The payment screenshot the deposit form uploads. */
const PNG = await screenshotPng();

const textOf = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent())?.trim() ?? '';

describe('bonuses in the browser', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it(
    'claims the welcome offer, deposits, sees the active bonus and cancels it',
    { timeout: 180_000 },
    async () => {
      const suffix = String(Date.now() % 100_000);
      const username = `bonus${suffix}`;
      const password = 'bonus2026';
      const playerId = await registerPlayer(platform.baseUrl, username, password);
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await logInThroughDialog(page, platform.baseUrl, username, password);

      // The account menu leads to the bonus wallet; with no bonus yet it says so.
      await page.getByTestId('account-menu').click();
      await page.getByTestId('bonus-menu-link').click();
      await page.waitForURL(`${platform.baseUrl}/bonus`);
      await page.getByTestId('bonus-active-none').waitFor();
      await page.getByTestId('bonus-history-empty').waitFor();

      // The offers: the welcome offer's terms, then Claim.
      await page.getByTestId('bonus-offers-link').click();
      await page.waitForURL(`${platform.baseUrl}/promotionoffers`);
      const card = page.getByTestId('bonus-offer').filter({ hasText: OFFER });
      await card.waitFor();
      expect(await card.getByTestId('bonus-offer-headline').textContent()).toBe(
        `666% up to ${points(BONUS_POINTS)} points on a deposit of at least ${points(DEPOSIT_POINTS)} points`,
      );
      expect(await card.getByTestId('bonus-offer-wagering').textContent()).toBe(
        'Wagering50× the bonus',
      );
      expect(await card.getByTestId('bonus-offer-first-deposit').count()).toBe(1);
      await card.getByTestId('bonus-offer-claim').click();
      await card.getByTestId('bonus-offer-claimed').waitFor();
      expect(await card.getByTestId('bonus-offer-claimed').textContent()).toContain(
        `Claimed: your next deposit of at least ${points(DEPOSIT_POINTS)} points brings this bonus.`,
      );
      // The other offer now waits: one claim at a time.
      const other = page.getByTestId('bonus-offer').filter({ hasNotText: OFFER });
      await other.getByTestId('bonus-offer-reason').waitFor();
      expect(await other.getByTestId('bonus-offer-claim').isDisabled()).toBe(true);

      // Deposit 300 from the card's link, as the cashier takes it.
      await card.getByTestId('bonus-offer-deposit').click();
      await page.waitForURL(`${platform.baseUrl}/gateways`);
      await page.getByTestId('gateway-card').filter({ hasText: 'Paytm' }).click();
      await page.waitForURL(`${platform.baseUrl}/deposit/m_paytm`);
      await page.getByTestId('deposit-amount').fill(String(DEPOSIT_POINTS));
      const utr = `UTR${Date.now()}`;
      await page.getByTestId('deposit-reference').fill(utr);
      await page
        .getByTestId('deposit-proof')
        .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('deposit-proof-preview').waitFor();
      await page.getByTestId('deposit-submit').click();
      await page.waitForURL(`${platform.baseUrl}/deposit/list`);

      // The pending claim waits for it on the bonus wallet.
      await page.goto(`${platform.baseUrl}/bonus`);
      await page.getByTestId('bonus-pending').waitFor();
      expect(await textOf(page, 'bonus-pending-name')).toBe(OFFER);

      // Staff approve the deposit (the API the back office uses).
      const staff = await staffToken(platform.baseUrl, platform.dataDir);
      const queue = await api<{ items: { id: string; reference: string }[] }>(
        platform.baseUrl,
        `/staff/deposits?status=pending&playerId=${playerId}`,
        { token: staff },
      );
      expect(queue.status).toBe(200);
      const [request] = queue.body.data.items;
      expect(request?.reference).toBe(utr.toUpperCase());
      const approved = await api(platform.baseUrl, `/staff/deposits/${request!.id}/approve`, {
        token: staff,
        body: {},
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);

      // The bonus is active: 1,998 coins, 0 of 99,900 wagered.
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('bonus-stats').waitFor();
            return page.getByTestId('bonus-active-name').count();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(1);
      expect(await textOf(page, 'bonus-active-name')).toBe(OFFER);
      expect(await textOf(page, 'bonus-active-bonus')).toBe(`Bonus${points(BONUS_POINTS)}`);
      expect(await textOf(page, 'bonus-active-coins')).toBe(
        `Bonus coins left${points(BONUS_POINTS)}`,
      );
      expect(await textOf(page, 'bonus-stat-coins')).toBe(`Bonus coins${points(BONUS_POINTS)}`);
      expect(await textOf(page, 'bonus-progress-text')).toBe(
        `${points(0)} of ${points(WAGERING_POINTS)} wagered`,
      );
      expect(await page.getByRole('progressbar').getAttribute('aria-valuemax')).toBe(
        String(WAGERING_POINTS),
      );
      expect(await page.getByTestId('bonus-pending').count()).toBe(0);
      expect(await page.getByTestId('bonus-active-expires').locator('time').count()).toBe(1);
      // Nothing on the phone scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      // Cancel: the dialog says what is forfeited; keeping it changes nothing.
      await page.getByTestId('bonus-active').getByTestId('bonus-cancel').click();
      const dialog = page.getByTestId('bonus-cancel-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('bonus-cancel-text').textContent()).toBe(
        `The ${points(BONUS_POINTS)} bonus coins left are forfeited now and its wagering stops. Your deposit and your cash are not touched.`,
      );
      await dialog.getByTestId('bonus-cancel-dialog-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByTestId('bonus-active-name').count()).toBe(1);
      await page.getByTestId('bonus-active').getByTestId('bonus-cancel').click();
      await dialog.getByTestId('bonus-cancel-dialog-confirm').click();
      await dialog.waitFor({ state: 'detached' });

      // Cancelled: no active bonus, 1,998 forfeited, the history says so.
      await page.getByTestId('bonus-active-none').waitFor();
      await expect
        .poll(() => textOf(page, 'bonus-stat-forfeited'))
        .toBe(`Forfeited${points(BONUS_POINTS)}`);
      expect(await textOf(page, 'bonus-stat-coins')).toBe(`Bonus coins${points(0)}`);
      const row = page.getByTestId('bonus-history-item').first();
      await expect.poll(() => row.getByTestId('bonus-status').textContent()).toBe('Cancelled');
      expect(await row.getByTestId('bonus-history-name').textContent()).toBe(OFFER);

      // Its own page: cancelled, 1,998 forfeited, no Cancel left.
      await row.click();
      await page.waitForURL(/\/bonus\/\d+$/);
      const summary = page.getByTestId('bonus-summary');
      await summary.waitFor();
      expect(await summary.getByTestId('bonus-status').textContent()).toBe('Cancelled');
      expect(await summary.getByTestId('bonus-detail-forfeited').textContent()).toBe(
        `Forfeited${points(BONUS_POINTS)}`,
      );
      expect(await summary.getByTestId('bonus-detail-deposit').textContent()).toBe(
        `Deposit${points(DEPOSIT_POINTS)}`,
      );
      expect(await summary.getByTestId('bonus-cancel').count()).toBe(0);
      await page.getByTestId('bonus-part').first().waitFor();
      expect(await page.getByTestId('bonus-part-kind').allTextContents()).toContain(
        'Bonus coins granted · Bonus offer',
      );
      await context.close();
    },
  );
});
