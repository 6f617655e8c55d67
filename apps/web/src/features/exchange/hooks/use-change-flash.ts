import { useState } from 'react';

/**
 * The flash class of a ladder cell: none until what the cell shows (`shown`: its price and
 * size, or its rate) changes, then one of two classes, swapped at each change. Both run the
 * same short animation under two names, so a change arriving while the last flash still runs
 * starts it again (a class that stays the same would not), and a render that changes nothing
 * (another cell's update) leaves the animation as it is: only the cell that changed flashes.
 */
export function useChangeFlash(shown: string): string {
  const [seen, setSeen] = useState(shown);
  const [changes, setChanges] = useState(0);
  // React's way to follow a value from render to render: set state while rendering, which
  // re-renders at once, before anything is drawn.
  if (seen !== shown) {
    setSeen(shown);
    setChanges(changes + 1);
  }
  if (changes === 0) return '';
  return changes % 2 === 1 ? ' odds-cell--flash-a' : ' odds-cell--flash-b';
}
