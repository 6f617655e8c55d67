import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';

/**
 * The light theme and the banners: the logo's lettering must read on the light header, and
 * the carousel's arrows must never lie over a banner (its title is part of the image).
 */

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let platform: Platform;
let browser: Browser;

type Rgb = [number, number, number];

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function hexToRgb(hex: string): Rgb {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

/**
 * The colour actually behind the logo: the first opaque background from the image up, with the
 * translucent ones above it (the header's 94 % white) laid over it in order.
 */
async function colourBehindLogo(page: Page): Promise<Rgb> {
  const layers = await page.locator('.brand__logo').evaluate((image) => {
    const found: string[] = [];
    for (let node: Element | null = image; node; node = node.parentElement) {
      found.push(getComputedStyle(node).backgroundColor);
    }
    found.push(getComputedStyle(document.body).backgroundColor);
    return found;
  });
  const parsed = layers
    .map((value) => /rgba?\(([^)]+)\)/.exec(value)?.[1]?.split(',').map(Number) ?? [0, 0, 0, 0])
    .map(([r = 0, g = 0, b = 0, a = 1]) => ({ rgb: [r, g, b] as Rgb, alpha: a }));
  const opaque = parsed.findIndex((layer) => layer.alpha >= 1);
  let colour: Rgb = opaque >= 0 ? parsed[opaque]!.rgb : [255, 255, 255];
  for (const layer of parsed.slice(0, opaque >= 0 ? opaque : parsed.length).reverse()) {
    if (layer.alpha === 0) continue;
    colour = colour.map((c, i) => layer.rgb[i]! * layer.alpha + c * (1 - layer.alpha)) as Rgb;
  }
  return colour;
}

async function chooseLightTheme(page: Page): Promise<void> {
  await page.getByTestId('theme-select').selectOption('light');
  await page.locator('html.theme-light').waitFor({ state: 'attached' });
}

function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('light theme and banners', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it('keeps every letter of the logo readable on the light header', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${platform.baseUrl}/`);
    await page.locator('.brand__logo').waitFor();
    await chooseLightTheme(page);
    const source = await page.locator('.brand__logo').getAttribute('src');
    expect(source).toBeTruthy();
    const svg = await (await fetch(new URL(source!, platform.baseUrl))).text();
    const letterColours = [...svg.matchAll(/<text[^>]*fill="(#[0-9a-fA-F]{3,6})"/g)].map(
      (match) => match[1]!,
    );
    expect(letterColours.length, 'the built-in logo has lettering').toBeGreaterThan(0);
    const behind = await colourBehindLogo(page);
    if (SCREENSHOT_DIR) {
      await page
        .locator('.app-header')
        .screenshot({ path: join(SCREENSHOT_DIR, 'light-header.png') });
    }
    for (const colour of letterColours) {
      // WCAG's 3:1 for large text: the logo's letters are 26 px bold at their drawn size.
      expect(
        contrast(hexToRgb(colour), behind),
        `${colour} on rgb(${behind.join(',')})`,
      ).toBeGreaterThanOrEqual(3);
    }
    await page.close();
  });

  it.each([
    { width: 1280, slides: 3 },
    { width: 1000, slides: 2 },
    { width: 390, slides: 1 },
  ])('keeps the carousel arrows off every banner at $width px', async ({ width, slides }) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${platform.baseUrl}/`);
    await page.getByTestId('banner-slide').first().waitFor();
    // The seed's three banners all fit at 1280 px: nothing to scroll, so no arrows at all.
    const bannerCount = await page.getByTestId('banner-slide').count();
    if (bannerCount <= slides) {
      await expect.poll(() => page.locator('.carousel__arrow').count()).toBe(0);
      await page.close();
      return;
    }
    await page.locator('.carousel__arrow').first().waitFor();
    if (SCREENSHOT_DIR) {
      await page
        .locator('.carousel')
        .screenshot({ path: join(SCREENSHOT_DIR, `carousel-${width}.png`) });
    }
    const arrows = await page
      .locator('.carousel__arrow')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
    const banners = await page.locator('.carousel__slide img').evaluateAll((nodes) =>
      nodes
        .map((node) => node.getBoundingClientRect().toJSON() as DOMRect)
        // Only the banners on screen (the loop keeps the others beside the viewport).
        .filter((box) => box.right > 0 && box.left < window.innerWidth),
    );
    expect(arrows).toHaveLength(2);
    expect(banners.length).toBeGreaterThan(0);
    for (const arrow of arrows) {
      for (const banner of banners) expect(intersects(arrow, banner)).toBe(false);
    }
    await page.close();
  });
});
