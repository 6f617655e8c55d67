import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CLIENT_EVENTS, SERVER_EVENTS, type RealityCheckEvent } from '@spm/contract';
import { emitWithAck, onRealtimeEvent } from '@/shared/realtime';
import { RealityCheckDialog } from './reality-check-dialog';
import { isAnsweredBy, parseRealityCheck, parseRealityCheckAck } from './reality-check-event';

interface RealityCheckHostProps {
  /** "Stop": the player signs out (the app's signout). */
  onStop: () => void;
  /** The session time limit was reached: the session is over (the app's forced logout). */
  onSessionLimit: () => void;
}

/**
 * Tells the server this page answered `check`: the player's other pages (tabs) close their
 * dialog for it. Fire and forget: without the channel the other pages keep theirs open.
 */
function announceAnswer(check: RealityCheckEvent): void {
  void emitWithAck(CLIENT_EVENTS.realityCheckAnswered, {
    sessionStartedAt: check.sessionStartedAt,
    index: check.index,
  });
}

/**
 * Listens on the realtime channel for safer play's pushes while signed in: the reality check
 * opens its dialog (a newer one replaces it), an answer given on another page of the player
 * closes it, the session time limit says so and ends the session. Mounted once by the app's
 * layout, so it works over any page.
 */
export function RealityCheckHost({ onStop, onSessionLimit }: RealityCheckHostProps) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<RealityCheckEvent | null>(null);

  useEffect(() => {
    const offCheck = onRealtimeEvent(SERVER_EVENTS.realityCheck, (payload) => {
      const parsed = parseRealityCheck(payload);
      if (parsed) setCheck(parsed);
    });
    const offAnswered = onRealtimeEvent(SERVER_EVENTS.realityCheckAck, (payload) => {
      const answer = parseRealityCheckAck(payload);
      if (answer) setCheck((shown) => (shown && isAnsweredBy(shown, answer) ? null : shown));
    });
    const offLimit = onRealtimeEvent(SERVER_EVENTS.sessionLimit, () => {
      setCheck(null);
      toast.warning(t('saferPlaySessions.limitReached'), { toastId: 'session-limit' });
      onSessionLimit();
    });
    return () => {
      offCheck();
      offAnswered();
      offLimit();
    };
  }, [t, onSessionLimit]);

  // Stable while the same check is shown: the dialog's focus handling re-runs on a new one.
  const close = useCallback(() => {
    if (check) announceAnswer(check);
    setCheck(null);
  }, [check]);
  const stop = useCallback(() => {
    close();
    onStop();
  }, [close, onStop]);

  if (!check) return null;
  return <RealityCheckDialog check={check} onContinue={close} onStop={stop} />;
}
