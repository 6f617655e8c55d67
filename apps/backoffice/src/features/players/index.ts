export { PlayersPage } from './players-page.tsx';
export { PlayerDetailPage } from './player-detail-page.tsx';
export { LimitsReportPage } from './limits-tab.tsx';
