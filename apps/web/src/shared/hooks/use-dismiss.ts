import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Closes a header dropdown the way players expect: a press outside it or Escape. Only
 * listens while it is open, so closed menus cost nothing.
 */
export function useDismiss(
  rootRef: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [rootRef, open, close]);
}
