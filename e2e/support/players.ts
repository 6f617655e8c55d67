import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { dialog, latestCode, uniqueMobile } from './identity.ts';
import { api } from './staff.ts';

/** Registers a player through the API, the way the register dialog does; answers the id. */
export async function registerPlayer(
  baseUrl: string,
  username: string,
  password: string,
  mobile: string = uniqueMobile(),
): Promise<string> {
  await api(baseUrl, '/sendOtpToMobile', { body: { mobile, country_code: '91' } });
  const otp = await latestCode(baseUrl, mobile, 'register');
  await api(baseUrl, '/mobileVerification', { body: { mobile, country_code: '91', otp } });
  const { status, body } = await api<{ user: { id: string } }>(baseUrl, '/register', {
    body: {
      username,
      name: username,
      password,
      typeId: 3,
      parentId: 81026,
      mobile,
      country_code: '91',
      state: 'MH',
      age_confirmed: true,
    },
  });
  expect(status).toBe(200);
  return body.data.user.id;
}

/** Signs in through the login dialog and closes the welcome dialog, as a player does. */
export async function logInThroughDialog(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
) {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('open-login').click();
  await dialog(page, 'login').waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`${baseUrl}/home`);
  await dismissWelcome(page);
}

/** SPEC 4.2 flags the post-login dialog after a login; the player closes it to go on. */
export async function dismissWelcome(page: Page): Promise<void> {
  await page.getByTestId('post-login-modal').waitFor();
  await page.getByTestId('post-login-close').click();
  await page.getByTestId('post-login-modal').waitFor({ state: 'detached' });
}

/** Indian grouping with 2 decimals, as the header shows amounts. */
export const points = (value: number) =>
  value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
