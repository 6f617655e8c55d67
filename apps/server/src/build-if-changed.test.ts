import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORKSPACES, checkWorkspaces, writeStamp } from '../../../scripts/build-if-changed.mjs';
import { makeTempDir } from './test/harness.ts';

// The stale detection of `npm start` (scripts/build-if-changed.mjs) on a miniature repository.
describe('build-if-changed', () => {
  let root: string;
  let remove: () => Promise<void>;

  async function put(path: string, text: string): Promise<void> {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }

  const staleNames = async () =>
    (await checkWorkspaces(root))
      .filter((entry) => entry.stale)
      .map((entry) => entry.workspace.name);

  /** As after a successful build of every workspace. */
  async function buildAll(): Promise<void> {
    for (const { workspace, print } of await checkWorkspaces(root)) {
      await put(join(workspace.dir, workspace.output), 'built');
      await writeStamp(root, workspace, print);
    }
  }

  beforeEach(async () => {
    ({ dir: root, remove } = await makeTempDir('spm-build-check-'));
    await put('package.json', '{}');
    await put('package-lock.json', '{}');
    await put('packages/contract/src/index.ts', 'export const a = 1;');
    await put('packages/core/src/index.ts', 'export const b = 1;');
    for (const workspace of WORKSPACES) await put(join(workspace.dir, 'src/main.ts'), 'main();');
  });
  afterEach(async () => remove());

  it('builds everything on a fresh clone (no dist, no stamp)', async () => {
    expect(await staleNames()).toEqual(WORKSPACES.map((workspace) => workspace.name));
  });

  it('builds nothing when nothing changed since the last build', async () => {
    await buildAll();
    expect(await staleNames()).toEqual([]);
  });

  it('rebuilds only the workspace whose source changed', async () => {
    await buildAll();
    await put('apps/web/src/main.ts', 'main(); // changed');
    expect(await staleNames()).toEqual(['@spm/web']);
    await put('apps/server/src/new-file.ts', 'export {};');
    expect(await staleNames()).toEqual(['@spm/web', '@spm/server']);
  });

  it('rebuilds every workspace when a shared package or the lockfile changes', async () => {
    await buildAll();
    await put('packages/contract/src/index.ts', 'export const a = 2;');
    expect(await staleNames()).toHaveLength(WORKSPACES.length);
    await buildAll();
    await put('package-lock.json', '{"lockfileVersion":3}');
    expect(await staleNames()).toHaveLength(WORKSPACES.length);
  });

  it('rebuilds when the output is gone even with a matching stamp', async () => {
    await buildAll();
    await rm(join(root, 'apps/backoffice/dist/index.html'));
    expect(await staleNames()).toEqual(['@spm/backoffice']);
  });

  it('ignores tests, dist and node_modules', async () => {
    await buildAll();
    await put('apps/web/src/main.test.ts', 'it();');
    await put('apps/server/node_modules/x/index.js', 'x');
    await put('packages/core/src/money.test.ts', 'it();');
    expect(await staleNames()).toEqual([]);
  });

  it('treats a stamp of other contents (an earlier build) as stale', async () => {
    await buildAll();
    await writeFile(join(root, 'apps/server/dist/.build-stamp'), 'an older build\n');
    expect(await staleNames()).toEqual(['@spm/server']);
  });
});
