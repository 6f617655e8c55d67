// Runs every benchmark folder bench/<name>/index.ts (or only those named on the command line)
// with tsx, one after another so they do not compete for the 2 cores. A bench that hosts the
// server in its own process (placement, ledger, casino-wallet) runs it with the server's Node
// flags, as `npm start` does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../scripts/support/server-node-flags.mjs';

const benchDir = import.meta.dirname;
const wanted = process.argv.slice(2);
const names = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

if (names.length === 0) {
  console.error(wanted.length ? `no benchmark named ${wanted.join(', ')}` : 'no benchmarks found');
  process.exit(1);
}
let failed = false;
for (const name of names) {
  console.log(`\n== bench/${name}`);
  const run = spawnSync(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', join(benchDir, name, 'index.ts')],
    { stdio: 'inherit' },
  );
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
