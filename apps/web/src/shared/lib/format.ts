import { formatIndiaDateTime, formatPoints, pointsToPaise } from '@spm/core';

const fallbackFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Points as the player reads them everywhere: 2 decimals in the Indian grouping
 * (1,00,000.00), whatever the UI language, because that is how amounts in rupee-like units
 * are written in India. The exact paise path of @spm/core is used; a value the API should
 * never send (a third decimal, NaN) still shows, rounded, rather than breaking the header.
 */
export function formatAmount(points: number): string {
  const parsed = pointsToPaise(points);
  if (parsed.ok) return formatPoints(parsed.paise);
  return Number.isFinite(points) ? fallbackFormat.format(points) : '—';
}

/**
 * A date and time in India time with its "IST" label, in the UI language: the statement's days
 * are Indian days, so every time on every screen is too, whatever the browser's own zone.
 */
export function formatDateTime(iso: string, language: string): string {
  return formatIndiaDateTime(iso, language);
}
