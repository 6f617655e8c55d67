import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface TableRoute {
  path: string;
  access: 'public' | 'common' | 'protected';
}

const repo = resolve(import.meta.dirname, '..', '..');

/**
 * The player app's route table, paths and access, parsed from its source (the e2e runs in
 * plain Node and cannot import the web app), so a new route is swept too.
 */
export async function routeTable(): Promise<TableRoute[]> {
  const source = await readFile(resolve(repo, 'apps/web/src/app/routes/route-table.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const routeTable'));
  // The path constants live beside the page paths, which import no page (no import cycle).
  const paths = await readFile(resolve(repo, 'apps/web/src/shared/lib/route-paths.ts'), 'utf8');
  const constants = new Map(
    [...paths.matchAll(/export const (\w+_PATH) = '([^']+)'/g)].map((m) => [m[1], m[2]]),
  );
  const routes: TableRoute[] = [];
  for (const match of table.matchAll(/authRoute\('([^']+)'/g)) {
    routes.push({ path: match[1]!, access: 'public' });
  }
  for (const match of table.matchAll(/path: ('([^']+)'|\w+_PATH),\s*access: '(\w+)'/g)) {
    const path = match[2] ?? constants.get(match[1]!);
    if (!path) throw new Error(`unknown path constant ${match[1]}`);
    routes.push({ path, access: match[3] as TableRoute['access'] });
  }
  return routes;
}
