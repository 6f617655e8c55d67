import type { ServiceDeps } from './deps.ts';

/**
 * A background sweep every `intervalMs` (expired deposits, bonuses to settle): never two at
 * once (a tick while one runs is skipped), its count logged when above zero and its failure
 * logged, never thrown. The timer is unref'd (it never keeps a process alive); stop() waits
 * for a running sweep.
 */
export function startSweeper(input: {
  intervalMs: number;
  log: ServiceDeps['log'];
  sweep: () => Promise<number>;
  /** Logged with the count when a sweep did something. */
  did: string;
  /** Logged with the error when a sweep failed. */
  failed: string;
}): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = input
      .sweep()
      .then((count) => {
        if (count > 0) input.log.info({ count }, input.did);
      })
      .catch((error: unknown) => input.log.error({ err: error }, input.failed))
      .finally(() => {
        running = undefined;
      });
  }, input.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
