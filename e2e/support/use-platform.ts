import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startPlatform, type Platform } from './platform.ts';

/**
 * Starts a platform and a browser before the enclosing describe block's tests and closes both after
 * them; `onStarted` hands them to the spec's own variables, which its helpers read.
 */
export function usePlatformAndBrowser(
  onStarted: (started: { platform: Platform; browser: Browser }) => void,
  env: Record<string, string> = {},
): void {
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [platform, browser] = await Promise.all([startPlatform(env), launchBrowser()]);
    onStarted({ platform, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });
}
