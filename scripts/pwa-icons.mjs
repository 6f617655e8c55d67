// Draws the installable app's icons (docs/installable-app.md) from the logo's mark (the
// gradient circle with the S of apps/server/assets/logo.svg) on the dark theme's background,
// and rasterises them with Chromium. The PNGs are committed; run this again only when the
// logo changes:
//
//   node scripts/pwa-icons.mjs
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const outDir = join(import.meta.dirname, '../apps/web/public/icons');
/** The dark theme's --bg (apps/web/src/app/styles/global.css). */
const BACKGROUND = '#0a0f1c';

/** The logo's mark in its own 64-unit box (centre 32,32, radius 26). */
const MARK = `
  <defs>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffcc33"/>
      <stop offset="1" stop-color="#ff7a00"/>
    </linearGradient>
  </defs>
  <circle cx="32" cy="32" r="26" fill="url(#mark)"/>
  <path d="M20 38c4 6 20 6 24-2s-8-10-12-12-4-10 6-8 8 4 8 4" fill="none" stroke="#1a1a2e"
    stroke-width="5" stroke-linecap="round"/>`;

/**
 * One icon. `maskable` fills the whole square (the launcher cuts its own shape) and keeps the
 * mark inside the safe circle of 80 % of the width; the plain icon is a rounded tile.
 */
function iconSvg(sizePx, maskable) {
  const markScale = maskable ? 0.55 : 0.8;
  const markPx = sizePx * markScale;
  const offset = (sizePx - markPx) / 2;
  const radius = maskable ? 0 : sizePx * 0.2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${sizePx}" height="${sizePx}">
    <rect width="${sizePx}" height="${sizePx}" rx="${radius}" fill="${BACKGROUND}"/>
    <svg x="${offset}" y="${offset}" width="${markPx}" height="${markPx}" viewBox="6 6 52 52">${MARK}</svg>
  </svg>`;
}

const ICONS = [
  { file: 'icon-192.png', sizePx: 192, maskable: false },
  { file: 'icon-512.png', sizePx: 512, maskable: false },
  { file: 'icon-maskable-512.png', sizePx: 512, maskable: true },
  // iOS ignores the manifest's icons and takes this one (no transparency: iOS fills it black).
  { file: 'apple-touch-icon-180.png', sizePx: 180, maskable: true },
];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.sizePx, height: icon.sizePx },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(icon.sizePx, icon.maskable)}</body></html>`,
    );
    await page.screenshot({ path: join(outDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
