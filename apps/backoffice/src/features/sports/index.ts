export { SportsEventsPage } from './events-page.tsx';
export { SportsEventPage } from './event-page.tsx';
