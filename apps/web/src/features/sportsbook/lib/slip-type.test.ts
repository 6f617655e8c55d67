import { describe, expect, it } from 'vitest';
import { slipKindOf } from './slip-type';

describe('slipKindOf', () => {
  it('reads Betby’s "k/n" names', () => {
    expect(slipKindOf('1/1', 1)).toEqual({ kind: 'single' });
    expect(slipKindOf('3/3', 3)).toEqual({ kind: 'accumulator', legs: 3 });
    expect(slipKindOf('2/3', 3)).toEqual({ kind: 'system', combination: '2/3' });
  });

  it('falls back on the number of legs for another name', () => {
    expect(slipKindOf('system', 4)).toEqual({ kind: 'system', combination: null });
    expect(slipKindOf('single', 1)).toEqual({ kind: 'single' });
  });
});
