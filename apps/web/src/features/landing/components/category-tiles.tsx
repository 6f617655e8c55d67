import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isBuiltPlayerPath } from '@spm/contract';

interface Category {
  id: string;
  labelKey: string;
  to: string;
  icon: ReactNode;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

// Visitors may browse sports by category (public) and the sportsbook (common); the casino
// tiles lead to protected pages, where the guard opens the login dialog (SPEC 2.3). Every
// product the spec names has its tile here; TILES below keeps those whose page is built.
const CATEGORIES: readonly Category[] = [
  {
    id: 'cricket',
    labelKey: 'landing.cricket',
    to: '/spmsports/cricket',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <path d="M21 4l7 7-13 13-4 1 1-4z" />
        <path d="M11 21l-6 6" />
        <circle cx="8" cy="9" r="3.5" />
      </svg>
    ),
  },
  {
    id: 'soccer',
    labelKey: 'landing.soccer',
    to: '/spmsports/soccer',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <circle cx="16" cy="16" r="12" />
        <path d="M16 10l5 3.5-2 6h-6l-2-6z" />
        <path d="M16 10V4.5M21 13.5l5.5-2M19 19.5l3.5 5M13 19.5l-3.5 5M11 13.5l-5.5-2" />
      </svg>
    ),
  },
  {
    id: 'tennis',
    labelKey: 'landing.tennis',
    to: '/spmsports/tennis',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <circle cx="16" cy="16" r="12" />
        <path d="M6 8c5 3 5 13 0 16M26 8c-5 3-5 13 0 16" />
      </svg>
    ),
  },
  {
    id: 'sportsbook',
    labelKey: 'landing.sportsbook',
    to: '/sportsbook2',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <rect x="5" y="5" width="22" height="22" rx="3" />
        <path d="M10 21l4-5 4 3 5-7" />
      </svg>
    ),
  },
  {
    id: 'live-casino',
    labelKey: 'landing.liveCasino',
    to: '/live-casino',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <rect x="4" y="7" width="14" height="20" rx="2" transform="rotate(-10 11 17)" />
        <rect x="14" y="5" width="14" height="20" rx="2" transform="rotate(8 21 15)" />
        <path d="M21 11l2 3-2 3-2-3z" />
      </svg>
    ),
  },
  {
    id: 'aviator',
    labelKey: 'landing.aviator',
    to: '/aviatorgames',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <path d="M4 18l24-10-6 16-5-5-5 3 1-6z" />
        <path d="M4 27c6-2 12-2 24-10" />
      </svg>
    ),
  },
  {
    id: 'live-show',
    labelKey: 'landing.liveShow',
    to: '/live-show',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <rect x="4" y="8" width="24" height="16" rx="3" />
        <path d="M14 13l5 3-5 3z" />
        <path d="M12 4l4 4 4-4" />
      </svg>
    ),
  },
  {
    id: 'exchange',
    labelKey: 'landing.exchange',
    to: '/home',
    icon: (
      <svg viewBox="0 0 32 32" {...stroke}>
        <path d="M6 11h18l-4-4M26 21H8l4 4" />
      </svg>
    ),
  },
];

/**
 * Issue 40 item 7: a tile never opens a "coming soon" page. The contract's list of built
 * routes decides (docs/decisions.md): a product's tile appears by itself when its route gets
 * its page, as Aviator's and the sportsbook's did.
 */
export const TILES = CATEGORIES.filter((category) => isBuiltPlayerPath(category.to));

export function CategoryTiles() {
  const { t } = useTranslation();
  return (
    <section className="categories" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section-title">
        {t('landing.categoriesTitle')}
      </h2>
      <ul className="categories__grid">
        {TILES.map((category) => (
          <li key={category.id}>
            <Link
              className={`category category--${category.id}`}
              to={category.to}
              data-testid={`category-${category.id}`}
            >
              <span className="category__icon" aria-hidden="true">
                {category.icon}
              </span>
              <span className="category__label">{t(category.labelKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
