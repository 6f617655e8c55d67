// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built SPA, so the
// server (@fastify/static preCompressed) sends them without compressing per request.
// Usage: node scripts/precompress.mjs <dist folder>...
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
]);
// Below this a compressed copy saves less than a packet and costs a file.
const MIN_SIZE_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot folders (Vite's .vite/manifest.json) are build metadata, not pages' files.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressFile(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    // Maximum quality: paid once per build, saved on every visit.
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller would only cost bytes; the original is sent instead.
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
  return { raw: source.length, br: br.length, gz: gzipped.length };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress.mjs <dist folder>...');
  process.exit(1);
}
for (const dir of dirs) {
  const files = [];
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    if ((await stat(path)).size < MIN_SIZE_BYTES) continue;
    files.push(path);
  }
  const sizes = await Promise.all(files.map(compressFile));
  const total = (key) => Math.round(sizes.reduce((sum, size) => sum + size[key], 0) / 1024);
  console.log(
    `precompressed ${files.length} files in ${dir}: ${total('raw')} KiB -> br ${total('br')} KiB, gzip ${total('gz')} KiB`,
  );
}
