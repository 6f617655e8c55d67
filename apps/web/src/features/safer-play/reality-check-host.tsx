import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { SERVER_EVENTS, type RealityCheckEvent } from '@spm/contract';
import { onRealtimeEvent } from '@/shared/realtime';
import { RealityCheckDialog } from './reality-check-dialog';
import { parseRealityCheck } from './reality-check-event';

interface RealityCheckHostProps {
  /** "Stop": the player signs out (the app's signout). */
  onStop: () => void;
  /** The session time limit was reached: the session is over (the app's forced logout). */
  onSessionLimit: () => void;
}

/**
 * Listens on the realtime channel for safer play's pushes while signed in: the reality check
 * opens its dialog (a newer one replaces it), the session time limit says so and ends the
 * session. Mounted once by the app's layout, so it works over any page.
 */
export function RealityCheckHost({ onStop, onSessionLimit }: RealityCheckHostProps) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<RealityCheckEvent | null>(null);

  useEffect(() => {
    const offCheck = onRealtimeEvent(SERVER_EVENTS.realityCheck, (payload) => {
      const parsed = parseRealityCheck(payload);
      if (parsed) setCheck(parsed);
    });
    const offLimit = onRealtimeEvent(SERVER_EVENTS.sessionLimit, () => {
      setCheck(null);
      toast.warning(t('saferPlaySessions.limitReached'), { toastId: 'session-limit' });
      onSessionLimit();
    });
    return () => {
      offCheck();
      offLimit();
    };
  }, [t, onSessionLimit]);

  const close = useCallback(() => setCheck(null), []);
  const stop = useCallback(() => {
    setCheck(null);
    onStop();
  }, [onStop]);

  if (!check) return null;
  return <RealityCheckDialog check={check} onContinue={close} onStop={stop} />;
}
