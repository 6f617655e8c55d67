import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isLanguage } from '@spm/client';
import { CLIENT_EVENTS } from '@spm/contract';
import { i18n } from '@/shared/i18n/i18n';
import { getRealtimeSocket } from './realtime-client';

/**
 * The server answers its own content (announcements, banner titles, notifications, market and
 * runner names) in the UI language, which every call sends (docs/server-content-languages.md).
 * When the player switches language, the open socket is told (its pushes follow; a reconnect
 * sends it again in the handshake) and every query is fetched again in the new language (those
 * keyed by their language follow their new key).
 */
export function useContentLanguage(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const changed = (language: string) => {
      const socket = getRealtimeSocket();
      if (socket) {
        socket.auth = { ...(socket.auth as Record<string, unknown>), lang: language };
        socket.emit(CLIENT_EVENTS.setLanguage, language);
      }
      // A query keyed by its language (a content page) follows the new key by itself;
      // fetching it again in the old one would be a request thrown away.
      void queryClient.invalidateQueries({
        predicate: (query) => !query.queryKey.some((part) => isLanguage(part)),
      });
    };
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [queryClient]);
}
