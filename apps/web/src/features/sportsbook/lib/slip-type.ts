/*
 * Betby names a slip's type "1/1" (a single), "3/3" (an accumulator of three), "2/3" (a system
 * of doubles out of three) or "system"; the page says it in words.
 */
export type SlipKind =
  | { kind: 'single' }
  | { kind: 'accumulator'; legs: number }
  | { kind: 'system'; combination: string | null };

const COMBINATION = /^(\d+)\/(\d+)$/;

export function slipKindOf(slipType: string, legCount: number): SlipKind {
  const combination = COMBINATION.exec(slipType.trim());
  if (combination) {
    const size = Number(combination[1]);
    const of = Number(combination[2]);
    if (size === of) return of <= 1 ? { kind: 'single' } : { kind: 'accumulator', legs: of };
    return { kind: 'system', combination: `${size}/${of}` };
  }
  // An unknown name: a one-leg slip can only be a single.
  return legCount <= 1 ? { kind: 'single' } : { kind: 'system', combination: null };
}
