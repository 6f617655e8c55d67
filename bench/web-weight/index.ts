// Page weight: the JavaScript a first visit (fresh profile, empty cache, phone viewport)
// sends over the wire to the player app's landing page and to the back office, until the
// network is quiet, against the budgets of issue 11 (and issue 44 item 6). The player app's
// service worker counts: its own script and whatever it precaches during the visit.
// Builds what is stale first, starts the built server on PGlite in a temp DATA_DIR.
//
//   npm run bench -- web-weight
import { spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { repoRoot, startServer } from '../support/server.ts';

/** Issue 11's goals, in transferred (compressed) bytes of JavaScript; 1 KB = 1000 bytes. */
const BUDGETS_KB = { '/': 150, '/backoffice/': 200 } as const;
/** A phone (issue 44 item 6): what most players open the site on. */
const PHONE_VIEWPORT = { width: 360, height: 740 };
/** How long the network (page and service worker) must stay quiet before we stop counting. */
const QUIET_MS = 3000;
const MAX_WAIT_MS = 30_000;

interface Script {
  url: string;
  /** Bytes received for the response: headers and body as encoded (compressed) on the wire. */
  encodedBytes: number;
  encoding: string;
  /** 'page', or 'worker' for a request the service worker made (its precache). */
  by: 'page' | 'worker';
}

interface Visit {
  scripts: Script[];
  totalBytes: number;
}

/** Requests still open, so the visit can wait for the network to be quiet. */
class InFlight {
  private readonly open = new Set<string>();
  private lastChangeAt = performance.now();
  add(id: string): void {
    this.open.add(id);
    this.lastChangeAt = performance.now();
  }
  done(id: string): void {
    this.open.delete(id);
    this.lastChangeAt = performance.now();
  }
  async quiet(): Promise<void> {
    const startedAt = performance.now();
    while (performance.now() - startedAt < MAX_WAIT_MS) {
      if (this.open.size === 0 && performance.now() - this.lastChangeAt >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const isJavaScript = (type: string | undefined, mimeType: string) =>
  type === 'Script' || /javascript/.test(mimeType);

/** The page's own requests, from CDP: responseReceived, then loadingFinished's byte count. */
async function countPageScripts(page: Page, context: BrowserContext, inFlight: InFlight) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { url: string; encoding: string; isScript: boolean }>();
  const scripts: Script[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (process.env.WEB_WEIGHT_DEBUG)
      console.log('page request', event.request.url, performance.now());
    inFlight.add(`page:${event.requestId}`);
  });
  cdp.on('Network.loadingFailed', (event) => inFlight.done(`page:${event.requestId}`));
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      isScript: isJavaScript(event.type, event.response.mimeType),
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.done(`page:${event.requestId}`);
    const response = responses.get(event.requestId);
    if (response?.isScript) {
      scripts.push({
        url: new URL(response.url).pathname,
        encodedBytes: event.encodedDataLength,
        encoding: response.encoding,
        by: 'page',
      });
    }
  });
  return { cdp, scripts };
}

interface WorkerResponse {
  url: string;
  encoding: string;
  isScript: boolean;
}

/** What CDP tells about one request of the worker's target (Network events, unwrapped). */
type WorkerEvent =
  | { method: 'Network.requestWillBeSent'; params: { requestId: string } }
  | { method: 'Network.loadingFailed'; params: { requestId: string } }
  | {
      method: 'Network.responseReceived';
      params: {
        requestId: string;
        type?: string;
        response: { url: string; mimeType: string; headers: Record<string, string> };
      };
    }
  | { method: 'Network.loadingFinished'; params: { requestId: string; encodedDataLength: number } };

/**
 * The worker's own script, as the server sends it: status line, headers and the compressed
 * body, requested with the browser's Accept-Encoding. CDP does not report it usefully: Chromium
 * fetches it in the browser process while registering, and the worker's target reports its
 * headers only (the body decoded, 0 bytes encoded), and only if attached in time.
 */
function servedScript(url: string): Promise<Script> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    request.on('error', reject);
    request.on('response', (response) => {
      const headerBytes = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 17);
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      response.on('end', () =>
        resolve({
          url: new URL(url).pathname,
          encodedBytes: headerBytes + bodyBytes,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          by: 'worker',
        }),
      );
    });
  });
}

/**
 * The service worker's requests (its script, its precache), from CDP on the worker's own
 * target: the browser session discovers it and attaches (the non-flattened protocol, whose
 * messages come wrapped in Target.receivedMessageFromTarget).
 */
async function countWorkerScripts(browser: Browser, contextId: () => string, inFlight: InFlight) {
  const cdp = await browser.newBrowserCDPSession();
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  const responses = new Map<string, WorkerResponse>();
  let messageId = 1;
  const sendTo = (sessionId: string, method: string) =>
    cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: messageId++, method }),
    });
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker' || targetInfo.browserContextId !== contextId()) return;
    pending.push(servedScript(targetInfo.url).then((script) => void scripts.push(script)));
    const attach = async () => {
      const { sessionId } = await cdp.send('Target.attachToTarget', {
        targetId: targetInfo.targetId,
        flatten: false,
      });
      await sendTo(sessionId, 'Network.enable');
      await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
    };
    pending.push(attach());
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const event = JSON.parse(message) as WorkerEvent;
    onWorkerEvent(event, { responses, scripts, inFlight });
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return { scripts, settled: () => Promise.all(pending), detach: () => cdp.detach() };
}

function onWorkerEvent(
  event: WorkerEvent,
  state: {
    responses: Map<string, WorkerResponse>;
    scripts: Script[];
    inFlight: InFlight;
  },
): void {
  // Command answers and other domains' events pass by.
  if (!event.method?.startsWith('Network.')) return;
  const id = `worker:${event.params.requestId}`;
  if (event.method === 'Network.requestWillBeSent') state.inFlight.add(id);
  if (event.method === 'Network.loadingFailed') state.inFlight.done(id);
  if (event.method === 'Network.responseReceived') {
    const { response, type } = event.params;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    state.responses.set(event.params.requestId, {
      url: response.url,
      encoding: String(headers['content-encoding'] ?? 'identity'),
      isScript: isJavaScript(type, response.mimeType),
    });
  }
  if (event.method !== 'Network.loadingFinished') return;
  state.inFlight.done(id);
  const response = state.responses.get(event.params.requestId);
  if (!response?.isScript) return;
  // The worker's main script (its request id is the target's id) is counted by servedScript.
  if (!/^\d+\.\d+$/.test(event.params.requestId)) return;
  state.scripts.push({
    url: new URL(response.url).pathname,
    encodedBytes: event.params.encodedDataLength,
    encoding: response.encoding,
    by: 'worker',
  });
}

/** Every JS response of one visit in a fresh context (an empty cache, as a first visit). */
async function visit(
  browser: Browser,
  url: string,
  language: string | null,
  storageKey: string,
): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true });
  if (language !== null) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      storageKey,
      language,
    ] as const);
  }
  const inFlight = new InFlight();
  let contextId = '';
  const worker = await countWorkerScripts(browser, () => contextId, inFlight);
  const page = await context.newPage();
  // The cache stays on: the worker's precache may be answered by what the page just fetched,
  // as in a real first visit; a fresh context starts with it empty.
  const { cdp, scripts: pageScripts } = await countPageScripts(page, context, inFlight);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  contextId = targetInfo.browserContextId ?? '';
  await page.goto(url, { waitUntil: 'load' });
  // The app registers its worker once it has loaded; its precache is part of the visit.
  await page.evaluate(async (timeoutMs) => {
    if (!('serviceWorker' in navigator) || !document.querySelector('link[rel="manifest"]')) return;
    const timeout = new Promise((resolve) => setTimeout(resolve, timeoutMs));
    await Promise.race([navigator.serviceWorker.ready, timeout]);
  }, MAX_WAIT_MS);
  await inFlight.quiet();
  if (process.env.WEB_WEIGHT_DEBUG) console.log('quiet at', performance.now());
  await worker.settled();
  await worker.detach();
  await context.close();
  const scripts = [...pageScripts, ...worker.scripts];
  return { scripts, totalBytes: scripts.reduce((sum, script) => sum + script.encodedBytes, 0) };
}

function report(label: string, result: Visit, budgetKb: number): boolean {
  const kb = result.totalBytes / 1000;
  const pass = kb <= budgetKb;
  console.log(
    `${label}: ${result.scripts.length} JS responses, ${kb.toFixed(1)} KB on the wire ` +
      `(budget ${budgetKb} KB: ${pass ? 'PASS' : 'MISS'})`,
  );
  for (const script of [...result.scripts].sort((a, b) => b.encodedBytes - a.encodedBytes)) {
    console.log(
      `    ${(script.encodedBytes / 1000).toFixed(1).padStart(6)} KB ${script.encoding.padEnd(8)} ${script.by.padEnd(6)} ${script.url}`,
    );
  }
  return pass;
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
  const visits = [
    ['/ (English)', '/', null, 'language'],
    ['/ (Hindi chosen)', '/', 'hi', 'language'],
    ['/backoffice/ (English)', '/backoffice/', null, 'backoffice-language'],
    ['/backoffice/ (Tamil chosen)', '/backoffice/', 'ta', 'backoffice-language'],
  ] as const;
  for (const [label, path, language, storageKey] of visits) {
    const result = await visit(browser, `${server.baseUrl}${path}`, language, storageKey);
    const budget = path === '/' ? BUDGETS_KB['/'] : BUDGETS_KB['/backoffice/'];
    withinBudgets = report(label, result, budget) && withinBudgets;
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(withinBudgets ? 'all within budget (PASS)' : 'over budget (MISS)');
