import { useEffect, useState } from 'react';

/** How often the countdown redraws: often enough that a second never shows late. */
const REDRAW_MS = 250;

/**
 * Whole seconds until `endsAt` (ISO) on the server's clock while `running`;
 * `serverOffsetMs` is how far the server's clock runs ahead of this device's.
 */
export function useSecondsLeft(
  endsAt: string | null,
  serverOffsetMs: number,
  running: boolean,
): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), REDRAW_MS);
    return () => clearInterval(timer);
  }, [running, endsAt]);
  if (endsAt === null) return 0;
  const left = Date.parse(endsAt) - (now + serverOffsetMs);
  return Number.isFinite(left) ? Math.max(0, Math.ceil(left / 1000)) : 0;
}
