export * from './money.ts';
export * from './validation.ts';
export * from './ledger.ts';
export * from './exchange/index.ts';
export * from './files.ts';
export * from './cashier.ts';
export * from './time.ts';
export * from './casino/index.ts';
