export * from './price-ladder.ts';
export * from './order-book.ts';
export * from './exposure.ts';
export * from './settlement.ts';
export * from './market-rules.ts';
export * from './pricing.ts';
