/**
 * The contract schema in development and tests, nothing in a production build. The server
 * checks every answer against the same schema before sending it, so the browser's check is a
 * development aid; `import.meta.env.DEV` is a build-time constant, so production folds this to
 * `undefined` and drops the schema import and with it zod from the first download (page-weight
 * budget, docs/decisions.md). Per app because only the app's Vite types `import.meta.env`.
 */
export function devSchema<S>(schema: S): S | undefined {
  return import.meta.env.DEV ? schema : undefined;
}
