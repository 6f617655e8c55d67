import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WORKSPACES,
  buildStale,
  checkWorkspaces,
  writeStamp,
} from '../../../scripts/build-if-changed.mjs';
import { repoRootDir } from './paths.ts';
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

// A shell that followed .env.example has NODE_ENV=development; what `npm start` and
// `npm run build` ship must still be the production build (issue 39 item 10).
describe('a build with NODE_ENV=development in the shell', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, remove } = await makeTempDir('spm-build-env-'));
  });
  afterEach(async () => remove());

  it('runs each workspace build with NODE_ENV=production', async () => {
    // A miniature npm workspace whose build writes the NODE_ENV it was given.
    const workspace = { name: '@spm/probe', dir: 'apps/probe', output: 'dist/index.html' };
    await writeFile(join(dir, 'package.json'), JSON.stringify({ workspaces: ['apps/*'] }));
    await mkdir(join(dir, workspace.dir, 'dist'), { recursive: true });
    const writeNodeEnv =
      "node -e \"require('fs').writeFileSync('dist/index.html', String(process.env.NODE_ENV))\"";
    await writeFile(
      join(dir, workspace.dir, 'package.json'),
      JSON.stringify({ name: workspace.name, scripts: { build: writeNodeEnv } }),
    );
    const shellNodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(await buildStale(dir, { force: true, workspaces: [workspace] })).toBe(0);
    } finally {
      process.env.NODE_ENV = shellNodeEnv;
    }
    expect(await readFile(join(dir, workspace.dir, workspace.output), 'utf8')).toBe('production');
  });

  // Strings only React's development bundles carry: the development JSX runtime's calls and
  // React's development stack frames.
  const DEVELOPMENT_MARKERS = ['jsxDEV', 'react_stack_bottom_frame'];

  it.each(['apps/web', 'apps/backoffice'])(
    "%s: vite build gives React's production build",
    async (app) => {
      const outDir = join(dir, 'dist');
      const run = spawnSync(
        process.execPath,
        [join(repoRootDir, 'node_modules/vite/bin/vite.js'), 'build', app, '--outDir', outDir],
        {
          cwd: repoRootDir,
          encoding: 'utf8',
          env: { ...process.env, NODE_ENV: 'development' },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const scripts = (await readdir(join(outDir, 'assets'))).filter((name) =>
        name.endsWith('.js'),
      );
      expect(scripts.length).toBeGreaterThan(0);
      const bundle = (
        await Promise.all(scripts.map((name) => readFile(join(outDir, 'assets', name), 'utf8')))
      ).join('\n');
      expect(DEVELOPMENT_MARKERS.filter((marker) => bundle.includes(marker))).toEqual([]);
    },
  );
});
