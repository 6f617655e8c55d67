// Every table of the database, gathered for the drizzle client (typed relational queries).
// Each table is defined beside the code that owns it: a module's `tables.ts`, or the shared
// infrastructure's `*-tables.ts`. drizzle-kit reads the same files through its glob.

export * from '../audit/audit-tables.ts';
export * from '../modules/cashier/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/casino/tables.ts';
export * from '../modules/crash/tables.ts';
export * from '../modules/exchange/tables.ts';
export * from '../modules/identity/tables.ts';
export * from '../modules/privacy/tables.ts';
export * from '../modules/site/tables.ts';
export * from '../modules/wallet/ledger/tables.ts';
export * from '../outbox/outbox-tables.ts';
export * from '../uploads/upload-tables.ts';
export * from './seed-tables.ts';
export * from '../cluster/cluster-tables.ts';
export * from '../http/rate-limit-tables.ts';
export * from '../modules/safer-play/exclusion/tables.ts';
export * from '../modules/safer-play/limits/tables.ts';
export * from '../modules/safer-play/tables.ts';
export * from '../modules/contact/tables.ts';
export * from '../modules/referral/tables.ts';
export * from '../modules/bonus/tables.ts';
export * from '../modules/sportsbook/tables.ts';
export * from '../modules/sportsbook/standin/standin-tables.ts';
