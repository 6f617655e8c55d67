import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRootDir } from './paths.ts';

// semver ships no types of its own; these two functions are all this test uses.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
  minVersion: (range: string) => { version: string } | null;
};

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

/** npm installs (and checks the engines of) another platform's optional binaries never. */
function installedHere(entry: LockedPackage): boolean {
  return (
    (entry.os === undefined || entry.os.includes(process.platform)) &&
    (entry.cpu === undefined || entry.cpu.includes(process.arch))
  );
}

// `npm ci` on a supported Node must not warn EBADENGINE (issue 39 item 10): every package the
// lockfile installs accepts the oldest release of each Node line package.json's engines name.
describe('the Node versions the project supports', () => {
  it('every locked package accepts the first release of each supported Node line', async () => {
    const manifest = JSON.parse(await readFile(join(repoRootDir, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const lines = manifest.engines.node
      .split('||')
      .map((range) => semver.minVersion(range.trim())?.version);
    expect(lines).toEqual(['20.19.0', '22.13.0', '24.0.0']);

    const lock = JSON.parse(await readFile(join(repoRootDir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const refusals: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (path === '' || range === undefined || !installedHere(entry)) continue;
      for (const version of lines) {
        if (version && !semver.satisfies(version, range)) {
          refusals.push(`${path}@${entry.version ?? '?'} wants node ${range}, not ${version}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});
