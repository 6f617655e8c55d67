export * from './money.ts';
export * from './validation.ts';
