import { useEffect, type RefObject } from 'react';

/**
 * What every modal does while open: focus moves to `focusRef` (so keyboard and screen-reader
 * users land in the dialog) and goes back where it was on close, Escape calls `onEscape`, and
 * the page behind stops scrolling (body.modal-open).
 */
export function useModalFocus(focusRef: RefObject<HTMLElement | null>, onEscape: () => void) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('modal-open');
      previous?.focus();
    };
  }, [focusRef, onEscape]);
}
