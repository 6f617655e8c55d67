export { DataRequestsPage } from './data-requests-page.tsx';
