import { readFile, unlink, writeFile } from 'node:fs/promises';

/**
 * PGlite is Postgres in this process's memory with no locking of its own: a second process
 * opening the same folder (a second server, or the operator CLI while the server runs)
 * would see stale pages and corrupt the files. A pid file keeps it to one process.
 */
export interface DataDirLock {
  release: () => Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(lockFile: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(lockFile, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Locks this process holds: a pid match alone cannot tell ours from a dead pid-1 container's. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

export async function acquireDataDirLock(lockFile: string, dataDir: string): Promise<DataDirLock> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(lockFile);
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          heldHere.delete(lockFile);
          await unlink(lockFile).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(lockFile);
      const heldByLiveProcess =
        holder !== null && (holder === process.pid ? heldHere.has(lockFile) : isAlive(holder));
      if (heldByLiveProcess) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder}. ` +
            'Stop that server first (or use DATABASE_URL with PostgreSQL, which allows ' +
            `several processes). If no such process is running, delete ${lockFile}.`,
        );
      }
      // Left behind by a process that died: take it over.
      await unlink(lockFile).catch(() => undefined);
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}; another process keeps taking it.`);
}
