// Page weight: the JavaScript Chromium transfers on a first visit (empty cache) to the
// player app's landing page and to the back office, against the budgets of issue 11.
// Builds what is stale first, starts the built server on PGlite in a temp DATA_DIR.
//
//   npm run bench -- web-weight
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { repoRoot, startServer } from '../support/server.ts';

/** Issue 11's goals, in transferred (compressed) bytes of JavaScript; 1 KB = 1000 bytes. */
const BUDGETS_KB = { '/': 150, '/backoffice/': 200 } as const;
/** After the load event, how long the network must stay quiet before we stop counting. */
const QUIET_MS = 1500;

interface Visit {
  scripts: { url: string; encodedBytes: number; encoding: string }[];
  totalBytes: number;
}

/** Every JS response of one visit in a fresh context, by what went over the wire. */
async function visit(
  browser: Browser,
  url: string,
  language: string | null,
  storageKey: string,
): Promise<Visit> {
  const context = await browser.newContext();
  if (language !== null) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      storageKey,
      language,
    ] as const);
  }
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { url: string; encoding: string; isScript: boolean }>();
  const scripts: Visit['scripts'] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      isScript: event.type === 'Script' || /javascript/.test(event.response.mimeType),
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response?.isScript) {
      scripts.push({
        url: new URL(response.url).pathname,
        encodedBytes: event.encodedDataLength,
        encoding: response.encoding,
      });
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(QUIET_MS);
  await context.close();
  return { scripts, totalBytes: scripts.reduce((sum, script) => sum + script.encodedBytes, 0) };
}

function report(label: string, result: Visit, budgetKb: number | null): boolean {
  const kb = result.totalBytes / 1000;
  const verdict =
    budgetKb === null
      ? ''
      : kb <= budgetKb
        ? ` (budget ${budgetKb} KB: within)`
        : ` (budget ${budgetKb} KB: OVER)`;
  console.log(
    `${label}: ${result.scripts.length} JS files, ${kb.toFixed(1)} KB transferred${verdict}`,
  );
  for (const script of [...result.scripts].sort((a, b) => b.encodedBytes - a.encodedBytes)) {
    console.log(
      `    ${(script.encodedBytes / 1000).toFixed(1).padStart(6)} KB ${script.encoding.padEnd(8)} ${script.url}`,
    );
  }
  return budgetKb === null || kb <= budgetKb;
}

const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/build-if-changed.mjs')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startServer();
const browser = await launchBrowser();
let withinBudgets = true;
try {
  const landing = await visit(browser, `${server.baseUrl}/`, null, 'language');
  withinBudgets = report('/ (English)', landing, BUDGETS_KB['/']) && withinBudgets;
  const landingHindi = await visit(browser, `${server.baseUrl}/`, 'hi', 'language');
  withinBudgets = report('/ (Hindi chosen)', landingHindi, BUDGETS_KB['/']) && withinBudgets;
  const office = await visit(browser, `${server.baseUrl}/backoffice/`, null, 'backoffice-language');
  withinBudgets =
    report('/backoffice/ (English)', office, BUDGETS_KB['/backoffice/']) && withinBudgets;
  const officeTamil = await visit(
    browser,
    `${server.baseUrl}/backoffice/`,
    'ta',
    'backoffice-language',
  );
  withinBudgets =
    report('/backoffice/ (Tamil chosen)', officeTamil, BUDGETS_KB['/backoffice/']) && withinBudgets;
} finally {
  await browser.close();
  await server.stop();
}
console.log(withinBudgets ? 'all within budget' : 'over budget');
