// `npm run cluster`: three server nodes on this machine sharing PostgreSQL and Redis, behind
// a small round-robin proxy on one address (deploy/README.md). Ctrl-C stops all.
//
//   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/spm_cluster (created if missing)
//   REDIS_URL     default redis://127.0.0.1:6379
//   CLUSTER_PORT  the proxy's port, default 8080; the nodes listen on the next three
//   --source      run the sources with tsx instead of building (quicker to try a change)
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { startRoundRobinProxy } from './support/round-robin-proxy.mjs';
import { SERVER_NODE_FLAGS } from './support/server-node-flags.mjs';

const root = resolve(import.meta.dirname, '..');
const fromSource = process.argv.includes('--source');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/spm_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const proxyPort = Number(process.env.CLUSTER_PORT || 8080);
const NODES = 3;

/** The database named in DATABASE_URL, created when the server answers but it is missing. */
async function ensureDatabase() {
  const pg = createRequire(resolve(root, 'apps/server/package.json'))('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } catch (error) {
    console.error(`PostgreSQL at ${databaseUrl} does not answer: ${error.message}`);
    process.exit(1);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

await ensureDatabase();
if (!fromSource) {
  const built = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const command = [
  ...SERVER_NODE_FLAGS,
  ...(fromSource ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['apps/server/dist/main.js']),
];

const children = [];
const targets = [];
let stopping = false;
for (let n = 1; n <= NODES; n += 1) {
  const port = proxyPort + n;
  targets.push({ host: '127.0.0.1', port });
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      CLUSTER: 'on',
      NODE_ID: `node-${n}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      // One node runs the demo feed; its markets are owned there while it lives.
      SIMULATOR: n === 1 ? (process.env.SIMULATOR ?? 'on') : 'off',
      // The proxy is on loopback: the nodes read the player's address from X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: resolve(root, `data/cluster/node-${n}`),
      // Uploads (deposit slips, KYC) must be seen by every node: one shared folder.
      UPLOAD_DIR: resolve(root, 'data/cluster/uploads'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[node-${n}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[node-${n}] exited (${signal ?? code}); the others carry on`);
  });
  children.push(child);
}

const proxy = await startRoundRobinProxy({
  port: proxyPort,
  targets,
  log: (line) => console.log(`[proxy] ${line}`),
});
console.log(
  `\nThree nodes on ports ${targets.map((t) => t.port).join(', ')} behind http://127.0.0.1:${proxyPort}` +
    ` (PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}). Ctrl-C stops all.\n`,
);

async function stopAll() {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(0);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());
