import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureAgentCode } from '@/shared/lib/agent-code';
import { recordFirstPageVisit } from './page-visit';

/**
 * Saves an agent code from any address that carries one, then counts the first page load
 * of the session with that code and its `?source=`. Renders nothing.
 */
export function VisitTracker() {
  const { search, pathname } = useLocation();

  useEffect(() => {
    captureAgentCode(search);
  }, [search]);

  useEffect(() => {
    void recordFirstPageVisit(pathname, search);
    // Only the page the visitor landed on counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return null;
}
