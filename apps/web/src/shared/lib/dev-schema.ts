import type { z } from 'zod';
import * as contract from '@spm/contract';

/** The names of the contract's schemas (its exports that are zod types). */
export type ContractSchemaName = {
  [K in keyof typeof contract]: (typeof contract)[K] extends z.ZodType ? K : never;
}[keyof typeof contract];

/**
 * The contract schema `name` in development and tests, nothing in a production build: the
 * answer check for code on the first page load (request's `schema`). The server checks every
 * answer against the same schema before sending it, so the browser's check is a development
 * aid. By name, not by value: `import.meta.env.DEV` is a build-time constant, so production
 * folds this to `undefined`, the contract namespace goes unused, and neither the schemas nor zod
 * reach the first download (page-weight budget, docs/decisions.md). A schema passed by value
 * would stay referenced at the call site and be bundled. Per app because only the app's Vite
 * types `import.meta.env`.
 */
export function devSchema<K extends ContractSchemaName>(name: K): (typeof contract)[K] | undefined {
  return import.meta.env.DEV ? contract[name] : undefined;
}
