import { describe, expect, it } from 'vitest';
import { rankTeenPattiHand, type TeenPattiClass } from './teen-patti.ts';

const rank = (hand: string) => rankTeenPattiHand(hand.split(' '));

describe('Teen Patti hand classes', () => {
  it.each<[string, TeenPattiClass]>([
    ['AS AH AD', 'trail'],
    ['2C 2D 2H', 'trail'],
    ['QH KH AH', 'pure-sequence'],
    ['3D AD 2D', 'pure-sequence'],
    ['4C 2C 3C', 'pure-sequence'],
    ['QH KS AH', 'sequence'],
    ['AC 2D 3D', 'sequence'],
    ['9S TH JH', 'sequence'],
    ['AS 5S 9S', 'colour'],
    ['2H 3H 5H', 'colour'],
    ['KS KD 4C', 'pair'],
    ['4C KS KD', 'pair'],
    ['AS AD KC', 'pair'],
    ['AS KD JC', 'high-card'],
    ['2S 3D 5C', 'high-card'],
    ['KS AD 2C', 'high-card'],
    ['QS KD 2C', 'high-card'],
  ])('%s is a %s', (hand, handClass) => {
    expect(rank(hand).handClass).toBe(handClass);
  });
});

describe('Teen Patti ranking', () => {
  it('orders hands from the highest down (each strictly above the next)', () => {
    const order = [
      'AS AH AD', // trail of aces, the best hand
      'KS KH KD',
      '2S 2H 2D', // the lowest trail still beats every pure sequence
      'AH KH QH', // A-K-Q, the highest sequence
      'AS 2S 3S', // A-2-3, the second highest
      'KC QC JC',
      '2D 3D 4D', // the lowest pure sequence beats every sequence
      'AH KS QH',
      'AC 2H 3H',
      'KD QC JC',
      '2S 3S 4H', // the lowest sequence beats every colour
      'AD KD JD', // the highest colour
      'AD KD 9D', // by the third card
      'AD QD JD', // by the second card
      'KS QS 9S', // by the first card
      '2C 3C 5C', // the lowest colour beats every pair
      'AS AH KD', // the highest pair
      'AS AH 2D', // by the odd card
      'KS KH AD', // by the pair's rank
      '2S 2H 4D', // the lowest pair beats every high card
      'AS KH JD', // the highest high card
      'AS KH 9D',
      'KS AD 2C', // A-K-2 is no sequence: ace high, then king, then 2
      'AS QH JD',
      'KS QH 9D',
      'QS KD 2C', // K-Q-2 is no sequence either
      '2S 3H 5D', // the lowest hand
    ];
    const values = order.map((hand) => rank(hand).value);
    for (let index = 1; index < values.length; index += 1) {
      expect(values[index - 1], `${order[index - 1]} above ${order[index]}`).toBeGreaterThan(
        values[index]!,
      );
    }
  });

  it('never ranks by suit: the same ranks in the same class tie', () => {
    const ties: [string, string][] = [
      ['AS AH AD', 'AC AH AD'],
      ['AH KH QH', 'AS KS QS'],
      ['AS 2S 3S', 'AD 2D 3D'],
      ['AH KS QH', 'AD KC QD'],
      ['AD KD JD', 'AC KC JC'],
      ['AS AH KD', 'AD AC KS'],
      ['AS KH JD', 'AH KD JS'],
      ['5C 3D 2H', '2S 3H 5D'],
    ];
    for (const [left, right] of ties) expect(rank(left).value, left).toBe(rank(right).value);
  });

  it('refuses anything but three different cards', () => {
    expect(() => rankTeenPattiHand(['AS', 'KS'])).toThrow(RangeError);
    expect(() => rankTeenPattiHand(['AS', 'KS', 'QS', 'JS'])).toThrow(RangeError);
    expect(() => rankTeenPattiHand(['AS', 'AS', 'QS'])).toThrow(RangeError);
    expect(() => rankTeenPattiHand(['AS', 'KS', 'ZZ'])).toThrow(RangeError);
  });
});
