export { SignInPage } from './sign-in-page.tsx';
export { useStaffMe, signOutNow, fetchStaffMe, STAFF_ME_KEY } from './api.ts';
export { ChangePasswordButton } from './change-password-dialog.tsx';
