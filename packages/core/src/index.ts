export * from './money.ts';
export * from './validation.ts';
export * from './ledger.ts';
