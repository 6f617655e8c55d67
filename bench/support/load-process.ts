/**
 * Starts one load process of a request benchmark (its `load-worker.ts`, with tsx) and answers
 * its report. A worker that warms up first prints `warm` on a line of its own when its timed
 * run begins (`onWarm`), and its report as one JSON line when the time is up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * The load processes' nice value (BENCH_LOAD_NICE, default 10; 0 runs them as the server).
 * The load stands for players on other machines. On this 2-core machine it shares the cores
 * with the server and PostgreSQL; niced, it takes the time they leave, and its own latency
 * counting can only lose by it (a late-scheduled load process counts the wait against the
 * server). docs/decisions.md "Load processes run niced".
 */
export const LOAD_NICE = Number(process.env.BENCH_LOAD_NICE ?? 10);

/** Gives a load process just started the load's nice value. */
export function niceAsLoad(child: ChildProcess): void {
  if (child.pid !== undefined && LOAD_NICE !== 0) setPriority(child.pid, LOAD_NICE);
}

function runLoadProcess<Config, Report>(
  script: string,
  config: Config,
  onWarm: () => void = () => undefined,
): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, BENCH_WORKER: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    niceAsLoad(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('warm\n')) {
        output = output.slice(5);
        onWarm();
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load process exited with ${code}`));
      else resolve(JSON.parse(output) as Report);
    });
  });
}

/**
 * Runs every load process of a timed run and answers their reports; `onTimedRun` is called
 * once, when the first of them begins its timed run (they begin within a few ms of each
 * other), so the server's meters start with it.
 */
export function runLoadProcesses<Config, Report>(
  script: string,
  configs: readonly Config[],
  onTimedRun: () => void,
): Promise<Report[]> {
  let warmed = false;
  const onWarm = () => {
    if (warmed) return;
    warmed = true;
    onTimedRun();
  };
  return Promise.all(
    configs.map((config) => runLoadProcess<Config, Report>(script, config, onWarm)),
  );
}

/**
 * The warm-up of a load process: `timed()` says whether a request begun now counts; when the
 * warm-up is over, `onTimed` runs (to clear what was recorded) and `warm` is printed.
 */
export function warmUp(warmupMs: number, onTimed: () => void): { timed: () => boolean } {
  let warm = warmupMs <= 0;
  if (!warm) {
    setTimeout(() => {
      warm = true;
      onTimed();
      process.stdout.write('warm\n');
    }, warmupMs);
  }
  return { timed: () => warm };
}
