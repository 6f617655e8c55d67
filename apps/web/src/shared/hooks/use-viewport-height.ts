import { useEffect } from 'react';

/** Sets --vh to 1% of the visible height (SPEC 2.4). */
export function updateViewportHeight(): void {
  // Mobile browsers count their toolbars in 100vh; innerHeight is what is really visible,
  // so full-height layouts use calc(var(--vh) * 100).
  document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
}

export function useViewportHeight(): void {
  useEffect(() => {
    updateViewportHeight();
    window.addEventListener('resize', updateViewportHeight);
    return () => window.removeEventListener('resize', updateViewportHeight);
  }, []);
}
