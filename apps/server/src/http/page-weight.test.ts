import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { repoRootDir } from '../paths.ts';

// Page weight (issue 11): the JavaScript a first visit needs, read from the builds' Vite
// manifests and compressed here, so the figure is deterministic (bench/web-weight measures
// what Chromium really transfers). The player app's landing page is weighed in brotli at
// quality 11, what scripts/precompress.mjs writes and the server sends to every browser that
// accepts br; the back office keeps its gzip figure, which is within its budget either way. `npm test` builds first; without a build
// (a lone `vitest run --project server`) there is nothing to weigh and the checks are skipped.

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1000;
/**
 * Issue 11's goal for `/`, in brotli: reached once zod, socket.io-client and the auth dialogs
 * left the first download (docs/decisions.md, "Page weight"). Gzip is ~14% larger (155 KB)
 * and does not fit 150, but current browsers accept brotli over HTTPS and are sent it.
 */
const WEB_LANDING_BUDGET_KB = 150;
const BACKOFFICE_BUDGET_KB = 200;

function distOf(app: 'web' | 'backoffice'): string {
  return join(repoRootDir, 'apps', app, 'dist');
}

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunk under `key` and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

type Compress = (source: Buffer) => number;

const gzip: Compress = (source) => gzipSync(source, { level: 9 }).length;
/** As scripts/precompress.mjs writes the .br copies the server sends. */
const brotli: Compress = (source) =>
  brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  }).length;

function compressedBytes(
  dist: string,
  manifest: Manifest,
  keys: Iterable<string>,
  compress: Compress,
): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (!file.endsWith('.js')) continue;
    total += compress(readFileSync(join(dist, file)));
  }
  return total;
}

const localeKeys = (manifest: Manifest, dir: string) =>
  Object.keys(manifest).filter((key) => new RegExp(`^${dir}/[a-z]{2}\\.json$`).test(key));

const built = (app: 'web' | 'backoffice') =>
  existsSync(join(distOf(app), '.vite', 'manifest.json'));

describe.skipIf(!built('web'))('player app page weight', () => {
  const dist = distOf('web');
  const manifest = built('web') ? readManifest(dist) : {};
  const landing = () =>
    staticClosure(manifest, ['index.html', 'src/features/landing/landing-page.tsx']);

  it('loads English with the entry and no other language', () => {
    const languages = localeKeys(manifest, 'src/locales');
    // Seven lazily loaded languages: English is bundled, each other one is its own chunk.
    expect(languages).toHaveLength(7);
    for (const key of languages) expect(landing().has(key), key).toBe(false);
  });

  it('keeps qrcode out of the landing page', () => {
    const files = [...landing()].map((key) => key + manifest[key]!.file);
    expect(files.filter((name) => name.includes('qrcode'))).toEqual([]);
  });

  it(`keeps the landing page's JavaScript within ${WEB_LANDING_BUDGET_KB} KB in brotli`, () => {
    const englishBytes = compressedBytes(dist, manifest, landing(), brotli);
    const worstLanguageBytes = Math.max(
      ...localeKeys(manifest, 'src/locales').map((key) =>
        compressedBytes(dist, manifest, [key], brotli),
      ),
    );
    console.info(
      `landing page: ${(englishBytes / KB).toFixed(1)} KB brotli in English ` +
        `(${(compressedBytes(dist, manifest, landing(), gzip) / KB).toFixed(1)} KB gzipped), ` +
        `${((englishBytes + worstLanguageBytes) / KB).toFixed(1)} KB with the largest language`,
    );
    expect(englishBytes).toBeLessThanOrEqual(WEB_LANDING_BUDGET_KB * KB);
  });
});

describe.skipIf(!built('backoffice'))('back office page weight', () => {
  const dist = distOf('backoffice');
  const manifest = built('backoffice') ? readManifest(dist) : {};
  // The first visit shows the sign-in page, which is part of the entry.
  const entry = () => staticClosure(manifest, ['index.html']);

  it('loads English with the entry and no other language, in neither namespace', () => {
    const languages = [
      ...localeKeys(manifest, 'src/locales'),
      ...localeKeys(manifest, 'src/locales/ops'),
    ];
    expect(languages).toHaveLength(14);
    for (const key of languages) expect(entry().has(key), key).toBe(false);
  });

  it('keeps qrcode out of the entry (loaded only for the authenticator set-up)', () => {
    expect([...entry()].filter((key) => key.includes('qrcode'))).toEqual([]);
  });

  it(`keeps the first visit's JavaScript within ${BACKOFFICE_BUDGET_KB} KB gzipped`, () => {
    const bytes = compressedBytes(dist, manifest, entry(), gzip);
    console.info(`back office first visit: ${(bytes / KB).toFixed(1)} KB gzipped in English`);
    expect(bytes).toBeLessThanOrEqual(BACKOFFICE_BUDGET_KB * KB);
  });
});
