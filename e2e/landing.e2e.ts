import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';

let platform: Platform;
let browser: Browser;

async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${platform.baseUrl}${path}`);
  return page;
}

describe('landing page as a visitor meets it', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('shows the seeded banners sorted ascending by order', async () => {
    const page = await openPage('/');
    const slides = page.getByTestId('banner-slide');
    await expect.poll(() => slides.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const orders = (
      await slides.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-order')))
    ).map(Number);
    const response = (await (await fetch(`${platform.baseUrl}/api/getBanners`)).json()) as {
      data: { order: number }[];
    };
    expect(orders).toEqual(response.data.map((banner) => banner.order).sort((a, b) => a - b));
    await page.context().close();
  });

  it('sends a visitor on a protected route to the landing page with the login dialog open', async () => {
    const page = await openPage('/profile');
    await page.waitForURL(`${platform.baseUrl}/`);
    await expect
      .poll(() => page.locator('[role="dialog"][data-modal="login"]').isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('does the same for a parametrised protected route', async () => {
    const page = await openPage('/deposit/m_paytm');
    await page.waitForURL(`${platform.baseUrl}/`);
    await expect
      .poll(() => page.locator('[role="dialog"][data-modal="login"]').isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('starts dark and keeps a switched theme across a reload', async () => {
    const page = await openPage('/');
    const rootClass = () => page.evaluate(() => document.documentElement.className);
    await expect.poll(rootClass).toContain('theme-dark');
    await page.getByTestId('theme-select').selectOption('light');
    await expect.poll(rootClass).toContain('theme-light');
    await page.reload();
    await expect.poll(rootClass).toContain('theme-light');
    expect(await rootClass()).not.toContain('theme-dark');
    await page.context().close();
  });

  it('changes the visible text when the player switches to Hindi', async () => {
    const page = await openPage('/');
    const signIn = page.getByTestId('open-login');
    await signIn.waitFor();
    const english = (await signIn.textContent())?.trim();
    await page.getByTestId('language-select').selectOption('hi');
    await expect.poll(async () => (await signIn.textContent())?.trim()).not.toBe(english);
    expect(await signIn.textContent()).toMatch(/[\u0900-\u097F]/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.context().close();
  });

  it('serves the back office, which asks staff to sign in before anything else', async () => {
    const page = await openPage('/backoffice/players');
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(await page.getByLabel('Username').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    await page.context().close();
  });
});
