import { describe, expect, it } from 'vitest';
import { SPM_GAME_KINDS } from '@spm/contract';
import { SPM_GAME_SPOTS } from './spots.ts';
import { exactSpotRtps, rtpPercentOf } from './exact-rtp.ts';
import {
  CASINO_CHIP_LADDER_POINTS,
  MAX_TABLE_CHIPS,
  spmGameRtpRangePercent,
  tableChipsPoints,
} from './lobby-figures.ts';

describe("a built-in game's RTP range", () => {
  it("is the lowest and the highest of its bets' exact RTPs, over every spot it offers", () => {
    for (const kind of SPM_GAME_KINDS) {
      const exact = exactSpotRtps(kind);
      const percents = SPM_GAME_SPOTS[kind].map((spot) => rtpPercentOf(exact[spot.id]!));
      expect(spmGameRtpRangePercent(kind), kind).toEqual({
        min: Math.min(...percents),
        max: Math.max(...percents),
      });
    }
  });

  it("no longer quotes only the best bet (the issue's Lucky 7 and Lucky Wheel)", () => {
    expect(spmGameRtpRangePercent('lucky-7')).toEqual({ min: 92.31, max: 97.5 });
    expect(spmGameRtpRangePercent('lucky-wheel')).toEqual({ min: 80.77, max: 96.15 });
    expect(spmGameRtpRangePercent('teen-patti-2020').max).toBe(99);
  });
});

describe("a table's chips", () => {
  const limits: [number, number][] = [
    [1, 50],
    [1, 150],
    [5, 1500],
    [10, 5000],
    [10, 7500],
    [0.5, 3],
    [7, 7],
    [100, 100_000],
    [2, 4.5],
  ];

  it.each(limits)(
    'on a %s–%s table are all within the limits, both limits included',
    (min, max) => {
      const chips = tableChipsPoints(min, max);
      expect(chips.every((chip) => chip >= min && chip <= max)).toBe(true);
      expect(chips[0]).toBe(min);
      expect(chips.at(-1)).toBe(max);
      expect(chips.length).toBeLessThanOrEqual(MAX_TABLE_CHIPS);
      expect(new Set(chips).size).toBe(chips.length);
      expect([...chips].sort((a, b) => a - b)).toEqual(chips);
      const between = chips.slice(1, -1);
      expect(between.every((chip) => CASINO_CHIP_LADDER_POINTS.includes(chip))).toBe(true);
    },
  );

  it('are the figures the docs give for the seeded limits', () => {
    expect(tableChipsPoints(1, 50)).toEqual([1, 5, 10, 25, 50]);
    expect(tableChipsPoints(1, 150)).toEqual([1, 5, 10, 25, 50, 100, 150]);
    expect(tableChipsPoints(5, 1500)).toEqual([5, 10, 50, 100, 500, 1000, 1500]);
    expect(tableChipsPoints(10, 5000)).toEqual([10, 25, 100, 250, 1000, 2500, 5000]);
    expect(tableChipsPoints(10, 7500)).toEqual([10, 25, 100, 500, 1000, 5000, 7500]);
  });

  it('refuse limits no stake fits', () => {
    expect(() => tableChipsPoints(0, 50)).toThrow(RangeError);
    expect(() => tableChipsPoints(50, 10)).toThrow(RangeError);
    expect(() => tableChipsPoints(Number.NaN, 10)).toThrow(RangeError);
  });
});
