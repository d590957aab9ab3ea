import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Temporary files carry the id of the process writing them (`{pid}-...`), so that a server starting
 * after a crash (SIGKILL, power loss) can tell the half-written files of a dead process from the ones a
 * live process sharing the folder is still writing.
 */

/** A name for a temporary file of this process: `{prefix}{pid}-{unique}{suffix}`. */
export function temporaryName(unique: string, prefix = '', suffix = ''): string {
  return `${prefix}${process.pid}-${unique}${suffix}`;
}

/** Files older than this are removed whoever wrote them: no write takes a day, and pids get reused. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function isAlive(pid: number): boolean {
  // Our own pid: the caller runs at start, before this process has written anything. A restarted
  // container often gets the same pid as the process that crashed.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files in `dir` (not below it) whose name matches `prefix{pid}-` and whose
 * process is gone, or that are older than a day; returns how many. A missing folder is not an error.
 */
export async function removeStaleTemporaries(dir: string, prefix = ''): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-`);
  let removed = 0;
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    if (isAlive(Number(match[1])) && Date.now() - info.mtimeMs < MAX_AGE_MS) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}
