import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open dialog once its body has rendered. The auth dialogs' forms load on demand
 * (React.lazy in AuthModalHost), so the frame shows a moment before its form does.
 */
export function loadedDialog(name?: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const dialog = screen.getByRole('dialog', name === undefined ? {} : { name });
      expect(dialog.querySelector('.modal__body > *')).not.toBeNull();
      return dialog;
    },
    // The first open of a dialog in a test file transforms its module graph, which can take
    // longer than waitFor's default second on a loaded machine.
    { timeout: 5000 },
  );
}
