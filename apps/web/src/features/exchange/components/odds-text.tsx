import { parsePrice, formatPrice } from '@spm/core';

/** Decimal odds with 2 decimals (1.5 -> "1.50"), or a dash when there is none. */
export function formatOdds(price: number | null | undefined): string {
  if (price === null || price === undefined) return '—';
  const parsed = parsePrice(price);
  return parsed.ok ? formatPrice(parsed.priceHundredths) : price.toFixed(2);
}

export function OddsText({ price }: { price: number | null | undefined }) {
  return <>{formatOdds(price)}</>;
}
