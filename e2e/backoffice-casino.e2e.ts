import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startPlatform, type Platform } from './support/platform.ts';
import { api, enrolledCode, firstRunAdmin, signInStaff } from './support/staff.ts';

let platform: Platform;
let browser: Browser;
let admin: Page;
let adminCredentials: { username: string; password: string };

describe('back office casino', () => {
  beforeAll(async () => {
    [platform, browser] = await Promise.all([startPlatform({ SIMULATOR: 'off' }), launchBrowser()]);
    adminCredentials = await firstRunAdmin(platform.dataDir);
    admin = await (await browser.newContext()).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('admin signs in, disables a game from Casino → Games and sees it stay disabled', async () => {
    await admin.goto(`${platform.baseUrl}/backoffice/`);
    await admin.getByLabel('Username').fill(adminCredentials.username);
    await admin.getByLabel('Password').fill(adminCredentials.password);
    await admin.getByRole('button', { name: 'Continue' }).click();
    const secret = (await admin.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    await admin
      .getByLabel('6-digit code')
      .fill(await enrolledCode(adminCredentials.username, secret));
    await admin.getByRole('button', { name: 'Confirm and sign in' }).click();
    const menu = admin.getByRole('navigation', { name: 'Main menu' });
    await menu.waitFor();

    await menu.getByRole('link', { name: 'Games' }).click();
    await admin.getByRole('heading', { name: 'Casino games' }).waitFor();
    const enabled = admin.getByLabel('Enabled: Dragon Tiger', { exact: true });
    await expect.poll(() => enabled.isChecked(), { timeout: 10_000 }).toBe(true);
    // The switch shows the server's state: it turns off once the change is saved.
    await enabled.click();
    await expect.poll(() => enabled.isChecked(), { timeout: 5000 }).toBe(false);
    const row = admin.getByRole('row').filter({ has: enabled });
    await expect.poll(() => row.textContent(), { timeout: 5000 }).toContain('Disabled');

    // The server kept it: a fresh load shows it disabled, and so does the staff API.
    await admin.reload();
    await admin.getByRole('heading', { name: 'Casino games' }).waitFor();
    await expect
      .poll(() => admin.getByLabel('Enabled: Dragon Tiger', { exact: true }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(false);
    const token = await signInStaff(platform.baseUrl, adminCredentials);
    const games = await api<{ id: string; enabled: boolean }[]>(
      platform.baseUrl,
      '/staff/casino/games',
      { token },
    );
    expect(games.body.data.find((game) => game.id === 'spm-dragon-tiger')?.enabled).toBe(false);
    expect(games.body.data.find((game) => game.id === 'spm-andar-bahar')?.enabled).toBe(true);
  });

  it('admin opens the casino GGR report with its totals', async () => {
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Casino GGR' })
      .click();
    await admin.getByRole('heading', { name: 'Casino GGR' }).waitFor();
    const totals = admin.getByTestId('ggr-totals');
    await totals.waitFor();
    // A fresh platform has no casino play yet: every figure of the totals is zero.
    expect(await totals.textContent()).toContain('0.00');
    await admin.getByLabel('Group by').selectOption('day');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(async () => admin.getByTestId('casino-ggr-table').locator('tbody tr').count(), {
        timeout: 5000,
      })
      .toBe(7);
  });
});
