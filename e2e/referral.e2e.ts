import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@spm/contract';
import type { AppDetails } from '@spm/contract';
import { maskPlayerName } from '@spm/core';
import { chooseState, dialog, latestCode, uniqueMobile } from './support/identity.ts';
import { logInThroughDialog, points, registerPlayer } from './support/players.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { api } from './support/staff.ts';

/**
 * Refer and earn (/referral): a player gets a code and an invite link, a friend opens the link
 * in another browser and registers with the code already in the form, and the first player
 * sees the visit, the sign-up and where it came from.
 */

let platform: Platform;
let browser: Browser;

const PHONE = { width: 390, height: 844 };
const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** The figure of one stat card, e.g. 'sign-ups'. */
const statOf = (page: Page, id: string) =>
  page.getByTestId(`referral-stat-${id}`).locator('dd').textContent();

describe('refer and earn in the browser', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it(
    'shares the invite link; a friend registers through it and shows up on the page',
    { timeout: 180_000 },
    async () => {
      const suffix = String(Date.now() % 100_000);
      const password = 'invite2026';
      const inviter = `refa${suffix}`;
      const friend = `refb${suffix}`;
      const { body: details } = await api<AppDetails>(platform.baseUrl, '/getAppDetails');
      const reward = details.data.REFERRAL_REWARD_POINTS;
      const minDeposit = details.data.REFERRAL_MIN_DEPOSIT_POINTS;

      // Player A, on a phone: no code yet, then one from the button.
      await registerPlayer(platform.baseUrl, inviter, password);
      const contextA = await browser.newContext({
        viewport: PHONE,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const pageA = await contextA.newPage();
      await logInThroughDialog(pageA, platform.baseUrl, inviter, password);
      await pageA.goto(`${platform.baseUrl}/referral`);
      const terms = await pageA.getByTestId('referral-terms').textContent();
      expect(terms).toContain(
        reward > 0
          ? `you get ${points(reward)} bonus coins the first time a friend you invited deposits at least ${points(minDeposit)} points`
          : 'No reward is paid for invitations right now',
      );
      expect(await statOf(pageA, 'sign-ups')).toBe('0');
      await pageA.getByTestId('referral-generate').click();
      const code = (await pageA.getByTestId('referral-code').textContent())?.trim() ?? '';
      expect(code).toMatch(CODE_PATTERN);

      // The link, as the Copy link button puts it on the clipboard.
      const link = `${platform.baseUrl}/register?ref=${code}&source=link`;
      expect(await pageA.getByTestId('referral-link').inputValue()).toBe(link);
      await pageA.getByTestId('referral-copy-link').click();
      await expect.poll(() => pageA.getByTestId('referral-copy-link').textContent()).toBe('Copied');
      const copied = await pageA.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(link);
      const whatsapp = await pageA.getByTestId('referral-share-whatsapp').getAttribute('href');
      expect(decodeURIComponent(whatsapp ?? '')).toContain(`ref=${code}&source=whatsapp`);
      const telegram = await pageA.getByTestId('referral-share-telegram').getAttribute('href');
      expect(decodeURIComponent(telegram ?? '')).toContain(`ref=${code}&source=telegram`);
      // The same code ever after: a reload shows it without asking again.
      await pageA.reload();
      expect(await pageA.getByTestId('referral-code').textContent()).toBe(code);
      expect(await pageA.getByTestId('referral-generate').count()).toBe(0);

      // Player B opens the link in a browser of their own and registers.
      const contextB = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const pageB = await contextB.newPage();
      await pageB.goto(copied);
      await dialog(pageB, 'register').waitFor();
      const agentCode = pageB.getByTestId('register-agent-code');
      expect(await agentCode.inputValue()).toBe(code);
      expect(await agentCode.getAttribute('readonly')).not.toBeNull();
      const mobile = uniqueMobile();
      await pageB.getByTestId('register-phone').fill(`91${mobile}`);
      await pageB.getByTestId('register-send-otp').click();
      await pageB
        .getByTestId('register-otp')
        .fill(await latestCode(platform.baseUrl, mobile, 'register'));
      await pageB.getByTestId('register-verify-otp').click();
      await pageB.getByTestId('register-verified').waitFor();
      await pageB.getByTestId('register-username').fill(friend);
      await pageB.getByTestId('register-password').fill(password);
      await chooseState(pageB, 'Maharashtra');
      await expect.poll(() => pageB.getByTestId('register-submit').isEnabled()).toBe(true);
      await pageB.getByTestId('register-submit').click();
      await pageB.waitForURL(`${platform.baseUrl}/home`);
      await contextB.close();

      // Player A reads the page again: one visit and one sign-up through the link, and B.
      await pageA.reload();
      await pageA.getByTestId('referral-child').first().waitFor();
      expect(await statOf(pageA, 'sign-ups')).toBe('1');
      expect(Number(await statOf(pageA, 'visits'))).toBeGreaterThanOrEqual(1);
      expect(await statOf(pageA, 'rewarded')).toBe('0');
      const children = pageA.getByTestId('referral-child');
      expect(await children.count()).toBe(1);
      expect(await children.getByTestId('referral-child-name').textContent()).toBe(
        maskPlayerName(friend),
      );
      expect(await children.getByTestId('referral-child-source').textContent()).toBe('Shared link');
      expect(await children.getByTestId('referral-child-reward').textContent()).toBe(
        'No qualifying deposit yet',
      );
      const linkRow = pageA.locator('[data-testid="referral-source"][data-source="link"]');
      const cells = await linkRow.locator('th, td').allTextContents();
      expect(cells[0]).toBe('Shared link');
      expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
      expect(cells.slice(2)).toEqual(['1', '0']);
      // Nothing on the phone scrolls sideways.
      expect(
        await pageA.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await contextA.close();
    },
  );
});
