// Bundles the server and the operator CLI into dist/. npm dependencies stay external (they
// are installed beside the repo and some carry native or wasm files); the @spm/* workspace
// packages are TypeScript sources with no build of their own, so they are bundled in.
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = dirname(fileURLToPath(import.meta.url));
const outdir = join(serverDir, 'dist');

/** @type {import('esbuild').Plugin} */
const externalizeNpmPackages = {
  name: 'externalize-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@spm/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: serverDir,
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Some CommonJS dependency may still call require() from inside the ESM bundle.
  banner: {
    js: "import { createRequire as __spmCreateRequire } from 'node:module'; const require = __spmCreateRequire(import.meta.url);",
  },
  plugins: [externalizeNpmPackages],
  logLevel: 'info',
});

// The content pages' built-in texts (issue 44 item 1) are read from disk at run time: the
// bundle finds them in dist/content-defaults (modules/content/content-defaults.ts).
await cp(join(serverDir, 'src/modules/content/defaults'), join(outdir, 'content-defaults'), {
  recursive: true,
});
