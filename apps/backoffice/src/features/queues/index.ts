export { DepositQueuePage } from './deposit-queue-page.tsx';
export { WithdrawalQueuePage } from './withdrawal-queue-page.tsx';
export { KycQueuePage } from './kyc-queue-page.tsx';
