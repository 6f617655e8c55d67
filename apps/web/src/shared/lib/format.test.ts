import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';

describe('formatAmount (points shown to players)', () => {
  it('uses 2 decimals and the Indian grouping', () => {
    expect(formatAmount(100000)).toBe('1,00,000.00');
    expect(formatAmount(12345678.9)).toBe('1,23,45,678.90');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-1500.05)).toBe('-1,500.05');
  });

  it('still shows a value the API should never send', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(Number.NaN)).toBe('—');
  });
});
