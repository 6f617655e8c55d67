export * from './envelope.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './app-data.ts';
export * from './realtime.ts';
export * from './error-envelope.ts';
export * from './auth.ts';
export * from './wallet.ts';
