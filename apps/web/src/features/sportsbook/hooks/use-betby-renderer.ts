import { useEffect, useEffectEvent, useState } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SportsbookLaunch } from '@spm/contract';
import { useEffectiveTheme } from '@/shared/hooks/use-effective-theme';
import type { BTRendererConstructor } from '../lib/bt-renderer';
import { REGISTER_PATH, SIGN_IN_TO_BETBY_PATH } from '../lib/sportsbook-paths';
import { usePlayerId } from '../api/sportsbook-api';

interface RendererInputs {
  target: RefObject<HTMLDivElement | null>;
  /** The loaded script's constructor; undefined while it loads. */
  renderer: BTRendererConstructor | undefined;
  /** The launch of the current player (or visitor); undefined while it is asked for. */
  launch: SportsbookLaunch | undefined;
  /** Asks the server for a new launch and answers its token (Betby's onTokenExpired). */
  refreshToken: () => Promise<string>;
}

/**
 * Runs Betby's renderer in `target` while the page shows: initialized once the script and the
 * launch are there, killed when the page goes, and killed and initialized again when the
 * language, the theme or the signed-in player changes (Betby reads them only at start).
 * Answers whether initializing failed (a broken script), and a retry.
 */
export function useBetbyRenderer({ target, renderer, launch, refreshToken }: RendererInputs) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const themeName = useEffectiveTheme();
  const playerId = usePlayerId();
  const navigate = useNavigate();
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const brandId = launch?.brandId;

  // The launch's token is read when the renderer starts, not followed: a token refreshed by
  // onTokenExpired is already in the renderer and must not restart it.
  const start = useEffectEvent((element: HTMLElement, Renderer: BTRendererConstructor) => {
    if (!launch) return null;
    try {
      return new Renderer().initialize({
        brand_id: launch.brandId,
        ...(launch.token ? { token: launch.token } : {}),
        lang: language,
        target: element,
        themeName,
        onLogin: () => void navigate(SIGN_IN_TO_BETBY_PATH),
        onRegister: () => void navigate(REGISTER_PATH),
        onTokenExpired: refreshToken,
        // Betby's own pages live inside the book; the app's address stays /betby.
        onRouteChange: () => {},
      });
    } catch {
      setFailedAttempt(attempt);
      return null;
    }
  });

  useEffect(() => {
    const element = target.current;
    if (!renderer || brandId === undefined || !element) return;
    const running = start(element, renderer);
    return () => running?.kill();
  }, [target, renderer, brandId, language, themeName, playerId, attempt]);

  return {
    failed: failedAttempt !== null && failedAttempt === attempt,
    retry: () => setAttempt((count) => count + 1),
  };
}
