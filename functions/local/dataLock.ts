/**
 * One local service per data folder. The lock names its process; a lock whose process is gone
 * (a crash, a kill -9) is taken over, and the start recovers what that process left unfinished.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  name = 'DataDirInUseError';
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder's lock or throws DataDirInUseError; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'service.lock');
  const mine = JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: { pid?: number; startedAt?: string } = {};
    try {
      holder = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      /* unreadable: a crash mid-write; treated as stale */
    }
    if (holder.pid && holder.pid !== process.pid && alive(holder.pid)) {
      throw new DataDirInUseError(
        `data folder ${dataDir} is in use by process ${holder.pid} (started ${holder.startedAt}); stop that process, or start this one with another DATA_DIR`,
      );
    }
    // Left by a process that is gone: recover.
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`data folder ${dataDir}: could not take its lock`);
}
