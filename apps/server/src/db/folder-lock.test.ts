import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolderLockOwner, lockFolder } from './folder-lock.ts';

/**
 * The lock of a PGlite folder (DATA_DIR/pg.lock) against lock files as other processes leave them: a
 * live holder keeps it, a dead one (killed without releasing) does not, nor does a pid reused by another
 * process; a holder in another container or on another machine keeps it while it touches the file.
 * (The server and the commands refusing each other are tested with real processes in backup.test.ts.)
 */

let tmp: string;
let folder: string;
let lockPath: string;
/** What this process writes in a lock: its scope and start time, as a real holder's would read. */
let ours: FolderLockOwner;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sys-folder-lock-'));
  folder = join(tmp, 'pg');
  lockPath = `${folder}.lock`;
  const lock = lockFolder(folder, 'the SYS server');
  ours = JSON.parse(readFileSync(lockPath, 'utf8')) as FolderLockOwner;
  lock.release();
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Leaves a lock file as `owner` would have written it, last touched `ageMs` ago. */
function leaveLock(owner: Partial<FolderLockOwner>, ageMs = 0) {
  writeFileSync(lockPath, JSON.stringify({ ...ours, holder: 'npm run backup', ...owner }));
  const touched = new Date(Date.now() - ageMs);
  utimesSync(lockPath, touched, touched);
}

/** Takes the lock (which must be free or stale), checks it is ours, and releases it. */
function expectTakenOver() {
  const lock = lockFolder(folder, 'the SYS server');
  expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
  lock.release();
  expect(existsSync(lockPath)).toBe(false);
}

/** A process that is running (`sleep`), stopped by `stop()`. */
async function runningProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
  return {
    pid: child.pid!,
    startTicks,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

describe('the lock of a PGlite folder', () => {
  it('is held by one taker at a time, also within one process, and released for the next', () => {
    const lock = lockFolder(folder, 'the SYS server');
    expect(() => lockFolder(folder, 'npm run admin')).toThrow(
      `${folder} is in use by the SYS server (pid ${process.pid}, since `,
    );
    lock.release();
    expectTakenOver();
  });

  it('refuses while its holder runs, naming it; a holder that is gone (SIGKILL) does not block', async () => {
    const holder = await runningProcess();
    leaveLock({ pid: holder.pid, startTicks: holder.startTicks });
    expect(() => lockFolder(folder, 'the SYS server')).toThrow(
      `${folder} is in use by npm run backup (pid ${holder.pid}, since `,
    );
    await holder.stop();
    expectTakenOver();
  });

  it('does not take a reused pid for its holder: the process with that pid started at another time', async () => {
    const other = await runningProcess();
    try {
      leaveLock({ pid: other.pid, startTicks: String(Number(other.startTicks) - 100) });
      expectTakenOver();
    } finally {
      await other.stop();
    }
    // A restarted container's server often gets the pid of the one that crashed, even this very pid.
    leaveLock({ pid: process.pid, startTicks: String(Number(ours.startTicks) - 100) });
    expectTakenOver();
    // This very process (another copy of the module, as in a worker thread) does hold it.
    leaveLock({ pid: process.pid });
    expect(() => lockFolder(folder, 'the SYS server')).toThrow(
      `${folder} is in use by npm run backup (pid ${process.pid}, since `,
    );
    rmSync(lockPath);
  });

  it('a holder it cannot see (another container or machine) holds it while it touches the file', () => {
    const elsewhere = { pid: 1, scope: 'another-boot/pid:[1]', host: 'web-2' };
    leaveLock(elsewhere, 5_000);
    expect(() => lockFolder(folder, 'the SYS server')).toThrow(
      `${folder} is in use by npm run backup (pid 1 on web-2, since `,
    );
    leaveLock(elsewhere, 120_000);
    expectTakenOver();
  });

  it('an unreadable lock (a torn write) blocks only while it is fresh', () => {
    writeFileSync(lockPath, '{"pid":');
    expect(() => lockFolder(folder, 'the SYS server')).toThrow(`${folder} is in use by another process`);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lockPath, old, old);
    expectTakenOver();
  });
});
