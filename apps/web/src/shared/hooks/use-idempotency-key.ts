import { useState } from 'react';
import { newIdempotencyKey } from '@spm/client';

/**
 * One key per version of a form: the same while `signature` (what the request would say)
 * is unchanged, so a double click or a retry is the same request to the server (a replay,
 * never a second withdrawal); a new one as soon as the player changes anything.
 */
export function useIdempotencyKey(signature: string): string {
  const [state, setState] = useState(() => ({ signature, key: newIdempotencyKey() }));
  if (state.signature === signature) return state.key;
  // Derived state, updated during render (React's pattern for it), so no render ever
  // pairs the new form with the old key.
  const next = { signature, key: newIdempotencyKey() };
  setState(next);
  return next.key;
}
