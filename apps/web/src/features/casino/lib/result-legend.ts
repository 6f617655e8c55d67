import type { SpmGameKind } from '@spm/contract';
import { LUCKY_WHEEL_SEGMENTS } from '@spm/core';

/**
 * How the results strip marks a round of each game (issue 40 item 4): the server's result
 * code (`T` is Teen Patti's tie and Dragon Tiger's Tiger) is never shown as such. Each game
 * has its own symbols and colours, a tie is `=` in every game, and the legend names each mark
 * with the bet spot's own label (`casino.spots.*`), so it is translated wherever spots are.
 */
export interface ResultMark {
  /** The server's result code this mark stands for. */
  code: string;
  /** What the strip shows: a letter, `=`, `7` or the wheel's number. */
  symbol: string;
  /** CSS modifier of the mark's colour (`results-mark--<tone>`). */
  tone: string;
  /** The wheel's numbers: their colour on the wheel (the card games' tones are in the CSS). */
  colour?: string;
  /** The i18n key of its name and the key's values. */
  labelKey: string;
  labelValues?: Record<string, string>;
}

const spot = (code: string, symbol: string, tone: string, spotId: string): ResultMark => ({
  code,
  symbol,
  tone,
  labelKey: `casino.spots.${spotId}`,
});

/** One colour per number of the wheel, so players read a segment at a glance. */
export const WHEEL_NUMBER_COLOURS: Record<number, string> = {
  1: '#1f6feb',
  3: '#16a34a',
  5: '#9333ea',
  10: '#dc2626',
  20: '#ea580c',
  50: '#f5b301',
};

/** The wheel's numbers, low to high, each in its colour on the wheel. */
const WHEEL_NUMBERS = [...new Set(LUCKY_WHEEL_SEGMENTS)].sort((a, b) => a - b);

export const RESULT_MARKS: Record<SpmGameKind, readonly ResultMark[]> = {
  'teen-patti-2020': [
    spot('A', 'A', 'blue', 'player-a'),
    spot('B', 'B', 'red', 'player-b'),
    spot('T', '=', 'green', 'tie'),
  ],
  'andar-bahar': [spot('A', 'A', 'red', 'andar'), spot('B', 'B', 'blue', 'bahar')],
  'dragon-tiger': [
    spot('D', 'D', 'red', 'dragon'),
    spot('T', 'T', 'amber', 'tiger'),
    spot('X', '=', 'green', 'tie'),
  ],
  'lucky-7': [
    spot('L', 'L', 'blue', 'low'),
    spot('7', '7', 'gold', 'seven'),
    spot('H', 'H', 'red', 'high'),
  ],
  'lucky-wheel': WHEEL_NUMBERS.map((number) => ({
    code: `x${number}`,
    symbol: String(number),
    tone: 'wheel',
    colour: WHEEL_NUMBER_COLOURS[number],
    labelKey: 'casino.spots.number',
    labelValues: { number: String(number) },
  })),
};

/** The mark of a round's result code; an unknown code (a newer server) shows as it came. */
export function resultMark(kind: SpmGameKind, code: string): ResultMark {
  return (
    RESULT_MARKS[kind].find((mark) => mark.code === code) ?? {
      code,
      symbol: code,
      tone: 'plain',
      labelKey: 'casino.roundHistory.unknownResult',
      labelValues: { code },
    }
  );
}
