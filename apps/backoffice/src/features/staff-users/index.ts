export { StaffUsersPage } from './staff-users-page.tsx';
