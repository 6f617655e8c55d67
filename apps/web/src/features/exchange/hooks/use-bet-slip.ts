import { useCallback, useState } from 'react';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import type { SlipDraft } from '../components/bet-slip';
import { formatOdds } from '../components/odds-text';
import type { Selection } from '../lib/bet-maths';

/** The slip open on an exchange page: what was clicked and the event its market belongs to. */
export interface OpenSlip {
  draft: SlipDraft;
  eventId: string;
}

/**
 * The bet slip's state, shared by every page that bets (the match page and the session
 * board): a click on a price opens the slip with it, a visitor's click opens sign-in instead.
 */
export function useBetSlip() {
  const isAuth = useAuthStore((state) => state.isAuth);
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const [slip, setSlip] = useState<OpenSlip | null>(null);

  const pick = useCallback(
    (selection: Selection, eventId: string) => {
      if (!isAuth) {
        openAuthModal('login');
        return;
      }
      setSlip({
        eventId,
        draft: {
          selection,
          priceText: selection.kind === 'match_odds' ? formatOdds(selection.price) : '',
          stakeText: '',
        },
      });
    },
    [isAuth, openAuthModal],
  );
  const change = useCallback(
    (draft: SlipDraft) => setSlip((open) => (open ? { ...open, draft } : open)),
    [],
  );
  const close = useCallback(() => setSlip(null), []);
  return { slip: isAuth ? slip : null, pick, change, close };
}
