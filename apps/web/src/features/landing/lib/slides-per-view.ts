import { useSyncExternalStore } from 'react';
import { CAROUSEL } from '@spm/contract';

// "2 under 1199 px, 1 under 767 px" (SPEC 9) read as the usual carousel breakpoints:
// the narrower layout applies up to and including the named width.
const MEDIUM_QUERY = `(max-width: ${CAROUSEL.mediumBelowPx}px)`;
const NARROW_QUERY = `(max-width: ${CAROUSEL.narrowBelowPx}px)`;

export function slidesPerViewForWidth(widthPx: number): number {
  if (widthPx <= CAROUSEL.narrowBelowPx) return CAROUSEL.slidesNarrow;
  if (widthPx <= CAROUSEL.mediumBelowPx) return CAROUSEL.slidesMedium;
  return CAROUSEL.slidesWide;
}

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(MEDIUM_QUERY), window.matchMedia(NARROW_QUERY)];
  queries.forEach((query) => query.addEventListener('change', onChange));
  return () => queries.forEach((query) => query.removeEventListener('change', onChange));
}

function snapshot(): number {
  if (window.matchMedia(NARROW_QUERY).matches) return CAROUSEL.slidesNarrow;
  if (window.matchMedia(MEDIUM_QUERY).matches) return CAROUSEL.slidesMedium;
  return CAROUSEL.slidesWide;
}

/** Slides shown at once, following the viewport width as it changes. */
export function useSlidesPerView(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
