import { useEffect, useState } from 'react';

/** How often the countdown redraws: often enough that a second never shows late. */
const TICK_MS = 250;

/**
 * Whole seconds until `closesAt` (an ISO time) on the server's clock, counted down while
 * `running`. `serverOffsetMs` is how far the server's clock runs ahead of this device's.
 */
export function useSecondsLeft(closesAt: string, serverOffsetMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running, closesAt]);
  const left = Date.parse(closesAt) - (now + serverOffsetMs);
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}
