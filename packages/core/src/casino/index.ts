export * from './types.ts';
export * from './spots.ts';
