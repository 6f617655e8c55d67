// Development: the server with reload on :8080 and both apps' Vite dev servers (which proxy
// /api and /public to it). Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const processes = [
  ['server', 'npx', ['tsx', 'watch', 'apps/server/src/main.ts']],
  ['web', 'npm', ['run', 'dev', '-w', '@spm/web']],
  ['backoffice', 'npm', ['run', 'dev', '-w', '@spm/backoffice']],
].map(([name, command, args]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  return child;
});

const stopAll = () => {
  for (const child of processes) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
