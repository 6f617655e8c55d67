import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@spm/server';

/**
 * The apps/server folder, found by walking up from this module. The same code runs from
 * src/ (tsx, vitest) and from the esbuild bundle in dist/, at different depths, and the
 * process may start from any cwd, so neither a fixed `../..` nor cwd would do.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'name' in parsed &&
        parsed.name === SERVER_PACKAGE_NAME
      ) {
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the ${SERVER_PACKAGE_NAME} package above ${import.meta.url}`);
    }
    dir = parent;
  }
}

export const serverRootDir = findServerRoot();
export const repoRootDir = resolve(serverRootDir, '..', '..');
export const migrationsDir = join(serverRootDir, 'drizzle');
export const assetsDir = join(serverRootDir, 'assets');
