import { afterAll, beforeAll } from 'vitest';
import type { DatabaseDriver } from '../db/database.ts';
import { startHarness, type Harness, type HarnessOptions } from './harness.ts';

export { drivers } from './harness.ts';

/**
 * The three lines of a new endpoint test:
 *
 *   describe.each(drivers)('my endpoint on %s', (driver) => {
 *     const h = useHarness(driver);
 *     it('…', async () => { const answer = await h.app.inject({ … }); … });
 *
 * It starts the harness before the file's tests and closes it after them; `h` reads the
 * running harness, so it is used inside tests and hooks only.
 */
export function useHarness(driver: DatabaseDriver, options: HarnessOptions = {}): Harness {
  let running: Harness | undefined;
  beforeAll(async () => {
    running = await startHarness(driver, options);
  });
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as Harness, {
    get(_target, key) {
      if (!running) throw new Error('The harness runs inside tests and hooks only');
      return running[key as keyof Harness];
    },
  });
}
