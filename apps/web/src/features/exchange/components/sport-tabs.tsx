import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SPORT_NAMES } from '../lib/sports';

/** Tabs that are links: /spmsports/{sport} for visitors, /sports/{sport} for players. */
export function SportLinkTabs({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  return (
    <nav className="sport-tabs" aria-label={t('exchange.sportsNav')}>
      {SPORT_NAMES.map((sport) => (
        <NavLink
          key={sport}
          to={`${basePath}/${sport}`}
          className={({ isActive }) => `sport-tab${isActive ? ' sport-tab--active' : ''}`}
          data-testid={`sport-tab-${sport}`}
        >
          {t(`exchange.sports.${sport}`)}
        </NavLink>
      ))}
    </nav>
  );
}
