export { CasinoGamesPage } from './games-page.tsx';
export { CasinoProvidersPage } from './providers-page.tsx';
export { CasinoRoundsPage } from './rounds-page.tsx';
export { CasinoGgrPage } from './ggr-page.tsx';
