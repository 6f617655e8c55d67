// Builds only the workspaces whose inputs changed since their last successful build, so
// `npm start` does not spend its time rebuilding what is already built.
//
// A workspace's inputs: its own files (not dist, node_modules or tests), the packages it
// compiles in (contract, core, and the client kit both front ends bundle), the root package.json, lockfile and tsconfig, and the build
// scripts. Their content hash is written to <workspace>/dist/.build-stamp after a build
// succeeds; a missing stamp (fresh clone, deleted dist, failed build) means stale. Contents,
// not mtimes: a checkout or a touch that changes nothing rebuilds nothing.
//
// Usage: node scripts/build-if-changed.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Build order matters only for output; each workspace builds on its own. */
export const WORKSPACES = [
  { name: '@spm/web', dir: 'apps/web', output: 'dist/index.html' },
  { name: '@spm/backoffice', dir: 'apps/backoffice', output: 'dist/index.html' },
  { name: '@spm/server', dir: 'apps/server', output: 'dist/main.js' },
];

/** Folders and files every workspace's build reads. */
export const SHARED_INPUTS = [
  'packages/contract',
  'packages/core',
  // The client kit (request core, i18n factory, formatting) is bundled into both apps.
  'packages/client',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/precompress.mjs',
  'scripts/build-if-changed.mjs',
  'scripts/vite-production-build.mjs',
];

export const STAMP_FILE = 'dist/.build-stamp';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'data']);
/** Tests are never part of a build; changing one must not cost a rebuild. */
const TEST_FILE = /\.(test|spec|e2e)\.[cm]?[jt]sx?$/;

async function listFiles(root, path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  const entries = await readdir(absolute, { withFileTypes: true }).catch(() => null);
  if (entries === null) return [path]; // a file
  const files = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)));
    else if (entry.isFile() && !TEST_FILE.test(entry.name)) files.push(child);
  }
  return files;
}

/** Hash of every input file's path and content. */
export async function fingerprint(root, workspace) {
  const files = new Set();
  for (const path of [workspace.dir, ...SHARED_INPUTS]) {
    for (const file of await listFiles(root, path)) files.add(file);
  }
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    hash.update(`${file.split('\\').join('/')}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

async function readStamp(root, workspace) {
  return readFile(join(root, workspace.dir, STAMP_FILE), 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
}

export async function writeStamp(root, workspace, print) {
  await writeFile(join(root, workspace.dir, STAMP_FILE), `${print}\n`);
}

/** Each workspace with its current fingerprint and whether it needs a build. */
export async function checkWorkspaces(root, workspaces = WORKSPACES) {
  return Promise.all(
    workspaces.map(async (workspace) => {
      const print = await fingerprint(root, workspace);
      const built = existsSync(join(root, workspace.dir, workspace.output));
      const stale = !built || (await readStamp(root, workspace)) !== print;
      return { workspace, print, stale };
    }),
  );
}

/**
 * The environment a build runs in: the caller's, with NODE_ENV=production whatever the shell
 * says. A shell that exported NODE_ENV=development (as .env.example's default suggests) would
 * otherwise give Vite's development build of React to `npm start` and `npm run build`.
 */
export function buildEnvironment(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

/**
 * Builds the stale workspaces (every one with `force`) and stamps each that succeeded.
 * Returns the exit status of the first build that failed, or 0.
 */
export async function buildStale(root, { force = false, workspaces = WORKSPACES } = {}) {
  for (const { workspace, print, stale } of await checkWorkspaces(root, workspaces)) {
    if (!stale && !force) {
      console.log(`${workspace.name}: up to date`);
      continue;
    }
    console.log(`${workspace.name}: building`);
    // The fingerprint was taken before the build: an edit made during it rebuilds next time.
    const run = spawnSync('npm', ['run', 'build', '-w', workspace.name], {
      cwd: root,
      stdio: 'inherit',
      env: buildEnvironment(),
    });
    if (run.status !== 0) {
      console.error(`${workspace.name}: build failed`);
      return run.status ?? 1;
    }
    await writeStamp(root, workspace, print);
  }
  return 0;
}

async function main() {
  const root = resolve(import.meta.dirname, '..');
  const startedAt = performance.now();
  const status = await buildStale(root, { force: process.argv.includes('--force') });
  if (status !== 0) process.exit(status);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`build check done in ${seconds} s (${relative(process.cwd(), root) || '.'})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
