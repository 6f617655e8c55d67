import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Platform } from './support/platform.ts';
import { usePlatformAndBrowser } from './support/use-platform.ts';
import { routeTable } from './support/route-table.ts';
import { logInThroughDialog, registerPlayer } from './support/players.ts';

/**
 * Issue 40 item 7: on a 360 px phone no tab, navigation item or selector label is cut off
 * ("…" or clipped), in any of the eight languages. Every route of the route table is opened
 * once (a player signed in for the common and protected ones, a visitor for the public ones,
 * which send a player away)
 * and checked in each language, switched through the header's language selector as a player
 * does; Tamil is checked first because its labels are the longest.
 */

const PHONE = { width: 360, height: 740 };
const ALL_LANGUAGES = ['ta', 'te', 'kn', 'mr', 'hi', 'fr', 'es', 'en'];
/** E2E_LABEL_LANGUAGES=ta,te narrows the sweep (a quick local run); CI sweeps all eight. */
const LANGUAGES = (process.env.E2E_LABEL_LANGUAGES ?? ALL_LANGUAGES.join(','))
  .split(',')
  .filter((code) => ALL_LANGUAGES.includes(code));

/** What a player reads as a label of a control that moves them around or chooses something. */
const LABELLED_CONTROLS = [
  '[role="tab"]',
  '[role="tablist"] *',
  'nav a',
  'nav button',
  'nav span',
  '.app-header a',
  '.app-header button',
  'select',
  'label',
].join(', ');

let platform: Platform;
let browser: Browser;

/**
 * Runs in the page: for each language in turn, chooses it in the header's language selector
 * (as a player does), waits for the page to be drawn in it, and lists the labels cut off: a
 * clipping box (overflow hidden or clip, which text-overflow: ellipsis needs) whose text is
 * wider or taller than the box, a text a script shortened with "…", or a select whose chosen
 * option is wider than the select shows. One call per route keeps the sweep quick.
 */
async function truncatedLabelsIn({
  languages,
  selector,
}: {
  languages: readonly string[];
  selector: string;
}): Promise<string[]> {
  const found: string[] = [];
  const canvas = document.createElement('canvas').getContext('2d')!;
  const name = (element: Element, text: string) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().replace(/\s+/g, '.')}` : ''} "${text}"`;
  const shown = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    // Screen-reader-only text is clipped to 1 px on purpose; nobody sees it.
    return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
  };
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));

  function check(language: string): void {
    const controls = new Set<HTMLElement>();
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      controls.add(control);
      for (const inner of control.querySelectorAll<HTMLElement>('*')) controls.add(inner);
    }
    for (const element of controls) {
      if (!shown(element)) continue;
      const style = getComputedStyle(element);
      if (element instanceof HTMLSelectElement) {
        const option = element.selectedOptions[0];
        // An icon-only selector (its text drawn transparent) shows no label to cut off.
        if (!option || style.color === 'rgba(0, 0, 0, 0)') continue;
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const textPx = canvas.measureText(option.text).width;
        const roomPx =
          element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (textPx > roomPx + 1) {
          found.push(
            `${language}: ${name(element, option.text)} needs ${Math.ceil(textPx)} px, has ${Math.floor(roomPx)} px`,
          );
        }
        continue;
      }
      const text = (element.innerText ?? '').trim();
      if (text === '') continue;
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (ownText.endsWith('…') || ownText.endsWith('...')) {
        found.push(`${language}: ${name(element, ownText)} is shortened`);
        continue;
      }
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (clipsX && element.scrollWidth > element.clientWidth + 1) {
        found.push(
          `${language}: ${name(element, text)} is cut: ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
      } else if (clipsY && element.scrollHeight > element.clientHeight + 1) {
        found.push(
          `${language}: ${name(element, text)} is cut: ${element.scrollHeight} px tall in ${element.clientHeight} px`,
        );
      }
    }
  }

  for (const language of languages) {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="language-select"]');
    if (!select) return [`${language}: no language selector on the page`];
    select.value = language;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const deadline = performance.now() + 5000;
    while (document.documentElement.lang !== language) {
      if (performance.now() > deadline) return [`${language}: the page did not switch to it`];
      await frame();
    }
    await frame();
    await frame();
    check(language);
  }
  return found;
}

/** Opens `path` and waits for the page (not just the shell) to be drawn. */
async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(`${platform.baseUrl}${path}`);
  await page.locator('#main').waitFor();
  await page
    .locator('.page-loader')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

/** Every route in every language; answers what is cut off, by route and label. */
async function sweep(context: BrowserContext, paths: readonly string[]): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  for (const path of paths) {
    await openRoute(page, path);
    // The page a route ends on (a guard may redirect), so a failure names what was looked at.
    const shownPath = new URL(page.url()).pathname;
    const cut = await page.evaluate(truncatedLabelsIn, {
      languages: LANGUAGES,
      selector: LABELLED_CONTROLS,
    });
    problems.push(...cut.map((label) => `${path} (${shownPath}) ${label}`));
  }
  await page.close();
  return problems;
}

describe('labels fit on a 360 px phone in every language', () => {
  usePlatformAndBrowser((started) => ({ platform, browser } = started));

  it(
    'no tab, navigation item or selector label on any route is cut off',
    { timeout: 240_000 },
    async () => {
      const routes = await routeTable();
      expect(routes.length).toBeGreaterThan(40);
      const ids: Record<string, string> = {
        // An id no match has: the match page draws its frame (tabs, header) and says so.
        ':gameId': '1',
        ':category': 'cricket',
        ':provider': 'cricket',
        ':gateway': 'm_paytm',
        ':bonusId': '1',
      };
      const concrete = (path: string) => path.replace(/:\w+/g, (param) => ids[param] ?? param);

      const username = `labels${String(Date.now() % 100000)}`;
      const password = 'labels2026';
      await registerPlayer(platform.baseUrl, username, password);
      const player = await browser.newContext({ viewport: PHONE });
      const signIn = await player.newPage();
      await logInThroughDialog(signIn, platform.baseUrl, username, password);
      await signIn.close();
      const startedMs = Date.now();
      const problems = await sweep(
        player,
        routes.filter((route) => route.access !== 'public').map((route) => concrete(route.path)),
      );
      await player.close();

      const visitor = await browser.newContext({ viewport: PHONE });
      problems.push(
        ...(await sweep(
          visitor,
          routes.filter((route) => route.access === 'public').map((route) => concrete(route.path)),
        )),
      );
      await visitor.close();
      console.info(
        `labels-fit: ${routes.length} routes x ${LANGUAGES.length} languages in ${Date.now() - startedMs} ms`,
      );
      if (problems.length > 0) console.info(problems.join('\n'));
      expect(problems).toEqual([]);
    },
  );
});
