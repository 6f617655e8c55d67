import type { TFunction } from 'i18next';

/** A bet spot's name: the wheel's spots are its numbers, the card games' are named. */
export function spotLabel(t: TFunction, spotId: string): string {
  return /^\d+$/.test(spotId)
    ? t('casino.spots.number', { number: spotId })
    : t(`casino.spots.${spotId}`, { defaultValue: spotId });
}
