import type { TFunction } from 'i18next';

/**
 * A bet spot's name: the wheel's spots are its numbers, the card games' are named (the side
 * bets of issue 40 item 5 under `casino.sideBets.spots`).
 */
export function spotLabel(t: TFunction, spotId: string): string {
  return /^\d+$/.test(spotId)
    ? t('casino.spots.number', { number: spotId })
    : t([`casino.spots.${spotId}`, `casino.sideBets.spots.${spotId}`], { defaultValue: spotId });
}
