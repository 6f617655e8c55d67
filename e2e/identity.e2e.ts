import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseState, dialog, latestCode, storedToken, uniqueMobile } from './support/identity.ts';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { dismissWelcome, logInThroughDialog } from './support/players.ts';

let platform: Platform;
let browser: Browser;

async function newPage(path = '/'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${platform.baseUrl}${path}`);
  return page;
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await logInThroughDialog(page, platform.baseUrl, username, password);
  await expect.poll(() => page.getByTestId('header-username').textContent()).toContain(username);
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout-button').click();
  await page.waitForURL(`${platform.baseUrl}/`);
  await page.getByTestId('open-login').waitFor();
}

describe('identity journeys in the browser', () => {
  const mobile = uniqueMobile();
  const username = `ravi${mobile.slice(-6)}`;
  const password = 'cricket2026';
  const newPassword = 'wicket2027';

  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('registers with an OTP read from the SMS outbox and lands signed in on /home', async () => {
    const page = await newPage();
    await page.getByTestId('open-register').click();
    await dialog(page, 'register').waitFor();
    await page.getByTestId('register-phone').fill(`91${mobile}`);
    await page.getByTestId('register-send-otp').click();
    const code = await latestCode(platform.baseUrl, mobile, 'register');
    await page.getByTestId('register-otp').fill(code);
    await page.getByTestId('register-verify-otp').click();
    await page.getByTestId('register-verified').waitFor();
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill(password);
    await chooseState(page, 'Maharashtra');
    await expect.poll(() => page.getByTestId('register-submit').isEnabled()).toBe(true);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(`${platform.baseUrl}/home`);
    await expect.poll(() => page.getByTestId('header-username').textContent()).toContain(username);
    expect(await page.evaluate(() => localStorage.getItem('mvd'))).toBeNull();
    await logOut(page);
    await page.context().close();
  });

  it('registers through the Welcome and Verify dialogs of /mobile-number', async () => {
    const otherMobile = uniqueMobile().replace(/^9/, '8');
    const page = await newPage('/mobile-number');
    await dialog(page, 'mobileNumber').waitFor();
    await page.getByTestId('mobile-phone').fill(`91${otherMobile}`);
    await page.getByTestId('mobile-next').click();
    await dialog(page, 'verifyNumber').waitFor();
    await page
      .getByTestId('verify-otp')
      .fill(await latestCode(platform.baseUrl, otherMobile, 'register'));
    await page.getByTestId('verify-submit').click();
    await dialog(page, 'register').waitFor();
    await page.getByTestId('register-username').fill(`asha${otherMobile.slice(-6)}`);
    await page.getByTestId('register-password').fill(password);
    await chooseState(page, 'Maharashtra');
    await expect.poll(() => page.getByTestId('register-submit').isEnabled()).toBe(true);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(`${platform.baseUrl}/home`);
    await page.context().close();
  });

  it('logs in with username and password, and refuses a wrong password', async () => {
    const page = await newPage();
    await page.getByTestId('open-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.locator('.Toastify').textContent())
      .toContain('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${platform.baseUrl}/home`);
    await dismissWelcome(page);
    await logOut(page);
    await page.context().close();
  });

  it('resets a forgotten password with an OTP and logs in with the new one', async () => {
    const page = await newPage();
    await page.getByTestId('open-login').click();
    await page.getByTestId('open-forgot').click();
    await dialog(page, 'forgotpassword').waitFor();
    await page.getByTestId('forgot-phone').fill(`91${mobile}`);
    await page.getByTestId('forgot-submit').click();
    await dialog(page, 'resetpassword').waitFor();
    await page.getByTestId('reset-otp').fill(await latestCode(platform.baseUrl, mobile, 'reset'));
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await dialog(page, 'login').waitFor();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${platform.baseUrl}/home`);
    await page.context().close();
  });

  it('signs in with Demo Login', async () => {
    const page = await newPage();
    await page.getByTestId('open-login').click();
    await page.getByTestId('demo-login').click();
    await page.waitForURL(`${platform.baseUrl}/home`);
    await page.getByTestId('post-login-modal').waitFor();
    await expect.poll(() => page.getByTestId('header-username').textContent()).toMatch(/demo/i);
    await page.context().close();
  });

  it('logs the open app out when its session is revoked elsewhere', async () => {
    const page = await newPage();
    await logIn(page, username, newPassword);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const signout = await fetch(`${platform.baseUrl}/api/signout`, {
      method: 'POST',
      headers: { authorization: token ?? '', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signout.status).toBe(200);
    // No reload and no click: the realtime channel notices the dead session.
    await page.waitForURL(`${platform.baseUrl}/`, { timeout: 15_000 });
    await dialog(page, 'login').waitFor({ timeout: 10_000 });
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });
});
