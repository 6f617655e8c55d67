export { AppSettingsPage } from './app-settings-page.tsx';
export { BannersPage } from './banners-page.tsx';
export { AnnouncementsPage } from './announcements-page.tsx';
export { GatewaysPage } from './gateways-page.tsx';
export { BroadcastPage } from './broadcast-page.tsx';
export { NamesPage } from './names-page.tsx';
export { BonusOffersPage } from './bonus-offers-page.tsx';
