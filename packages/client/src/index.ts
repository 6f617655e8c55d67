// @spm/client: what both front ends share (DESIGN 1, issue 12). Non-visual only: components
// stay in each app. "sideEffects": false lets each app's bundle keep only what it uses.
export * from './http.ts';
export * from './idempotency.ts';
export * from './format.ts';
export * from './language.ts';
export * from './i18n.ts';
export * from './paging.ts';
export * from './realtime.ts';
