import { access } from 'node:fs/promises';
import { resolve } from 'node:path';

/** End-to-end tests run the built platform; `npm test` builds first, a bare `vitest` may not have. */
export default async function checkBuilt(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  for (const built of [
    'apps/server/dist/main.js',
    'apps/web/dist/index.html',
    'apps/backoffice/dist/index.html',
  ]) {
    try {
      await access(resolve(root, built));
    } catch {
      throw new Error(
        `${built} is missing: run \`npm run build\` (npm test does it) before the e2e tests.`,
      );
    }
  }
}
