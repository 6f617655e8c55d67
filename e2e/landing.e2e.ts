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

  it('is installable: a valid manifest, and a worker that never answers /api from a cache', async () => {
    const manifestResponse = await fetch(`${platform.baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.name && manifest.short_name && manifest.theme_color).toBeTruthy();
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((one) => one.sizes === sizes && one.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const png = Buffer.from(await (await fetch(`${platform.baseUrl}${icon!.src}`)).arrayBuffer());
      // A real PNG of the declared size: the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
    }

    const page = await openPage('/');
    const workerState = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    expect(workerState).toBe(`${platform.baseUrl}/sw.js`);
    // A setting the server answers changes while the worker is active; after a reload under
    // the worker the page must get the new value, not a stored answer.
    await platform.setSettingOffline('BRAND_NAME', 'Installed Check');
    const apiResponses: { url: string; fromWorker: boolean }[] = [];
    let documentFromWorker = false;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) {
        apiResponses.push({ url: url.pathname, fromWorker: response.fromServiceWorker() });
      }
      if (url.pathname === '/') documentFromWorker = response.fromServiceWorker();
    });
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The shell itself comes from the worker's precache...
    expect(documentFromWorker).toBe(true);
    const brand = await page.evaluate(async () => {
      const answer = (await (await fetch('/api/getAppDetails')).json()) as {
        data: { BRAND_NAME: string };
      };
      return answer.data.BRAND_NAME;
    });
    expect(brand).toBe('Installed Check');
    // ...and no /api answer ever does.
    await expect.poll(() => apiResponses.length).toBeGreaterThan(0);
    expect(apiResponses.filter((response) => response.fromWorker)).toEqual([]);
    await page.context().close();
  });
});
