import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../shared/ui/index.ts';

/** What counts as the member being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Shared across tabs: activity in one tab keeps the others signed in too. */
export const ACTIVITY_STORAGE_KEY = 'backoffice-activity';
/** The warning shows this long before the time-out. */
export const IDLE_WARNING_MS = 60_000;
/** Activity is recorded at most this often (pointermove fires a lot). */
const ACTIVITY_THROTTLE_MS = 1_000;

export interface IdleTimeoutOptions {
  timeoutMs: number;
  enabled: boolean;
  onTimeout: () => void;
  /** Called on activity, at most once per `activeThrottleMs` (keeps the server session). */
  onActive?: () => void;
  activeThrottleMs?: number;
}

export interface IdleTimeoutState {
  /** Non-null while the warning is due: milliseconds left until the sign-out. */
  remainingMs: number | null;
  /** Counts as activity (the warning's "stay signed in"). */
  stay: () => void;
}

function sharedActivity(): number {
  const stored = Number(globalThis.localStorage?.getItem(ACTIVITY_STORAGE_KEY) ?? 0);
  return Number.isFinite(stored) ? stored : 0;
}

/**
 * Signs the member out after `timeoutMs` without pointer or key activity, with a warning
 * a minute before. Timers re-read the last activity when they fire, so activity itself only
 * stamps a time (cheap) and clears a showing warning.
 */
export function useIdleTimeout({
  timeoutMs,
  enabled,
  onTimeout,
  onActive,
  activeThrottleMs = 5 * 60_000,
}: IdleTimeoutOptions): IdleTimeoutState {
  const lastActivity = useRef(Date.now());
  const lastActiveCall = useRef(Date.now());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const callbacks = useRef({ onTimeout, onActive });
  callbacks.current = { onTimeout, onActive };

  const stopTicker = () => {
    if (ticker.current !== null) clearInterval(ticker.current);
    ticker.current = null;
  };

  const schedule = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const warnAtMs = Math.max(0, timeoutMs - IDLE_WARNING_MS);
    const idleMs = Date.now() - Math.max(lastActivity.current, sharedActivity());
    if (idleMs >= timeoutMs) {
      stopTicker();
      setRemainingMs(null);
      callbacks.current.onTimeout();
      return;
    }
    if (idleMs >= warnAtMs) {
      setRemainingMs(timeoutMs - idleMs);
      if (ticker.current === null) {
        ticker.current = setInterval(() => {
          const idle = Date.now() - Math.max(lastActivity.current, sharedActivity());
          setRemainingMs(Math.max(0, timeoutMs - idle));
        }, 1_000);
      }
      timer.current = setTimeout(schedule, timeoutMs - idleMs);
      return;
    }
    stopTicker();
    setRemainingMs(null);
    timer.current = setTimeout(schedule, warnAtMs - idleMs);
  }, [timeoutMs]);

  const markActive = useCallback(
    (force = false) => {
      const now = Date.now();
      if (!force && now - lastActivity.current < ACTIVITY_THROTTLE_MS) return;
      lastActivity.current = now;
      globalThis.localStorage?.setItem(ACTIVITY_STORAGE_KEY, String(now));
      if (now - lastActiveCall.current >= activeThrottleMs) {
        lastActiveCall.current = now;
        callbacks.current.onActive?.();
      }
      // Only a showing warning needs the timers now; otherwise they re-check when they fire.
      if (ticker.current !== null) schedule();
    },
    [schedule, activeThrottleMs],
  );

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = Date.now();
    schedule();
    const onEvent = () => markActive();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onEvent, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onEvent);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      stopTicker();
      setRemainingMs(null);
    };
  }, [enabled, schedule, markActive]);

  return { remainingMs, stay: () => markActive(true) };
}

export interface IdleWarningProps {
  remainingMs: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

/** "You will be signed out in N seconds": any activity, or Stay, keeps the session. */
export function IdleWarning({ remainingMs, onStay, onSignOut }: IdleWarningProps) {
  const { t } = useTranslation();
  const seconds = Math.ceil((remainingMs ?? 0) / 1000);
  return (
    <Modal
      open={remainingMs !== null}
      title={t('idle.title')}
      onClose={onStay}
      footer={
        <>
          <button type="button" onClick={onSignOut}>
            {t('idle.signOut')}
          </button>
          <button type="button" className="primary" onClick={onStay} data-autofocus>
            {t('idle.stay')}
          </button>
        </>
      }
    >
      <p role="alert">{t('idle.message', { seconds })}</p>
    </Modal>
  );
}
