import { describe, expect, it } from 'vitest';
import { pageCount } from './paging.ts';

describe('pageCount', () => {
  it('rounds a partial page up and shows one page when empty', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });

  it('survives a zero page size from a malformed answer', () => {
    expect(pageCount(3, 0)).toBe(3);
  });
});
