import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/**
 * The embedded database (PGlite) is one process: a second process opening the same folder writes over
 * the first one's pages, and the folder may never open again. So every process that opens DATA_DIR/pg
 * (the server, `npm run backup`, `restore`, `admin`, `seed`) first takes its lock, DATA_DIR/pg.lock, and
 * keeps it until it closes the database; a second one is refused with the holder's name and pid.
 *
 * The lock is a file naming its holder. It appears atomically: written and synced under a temporary
 * name, then hard-linked to the lock's name (link fails when the lock exists, and nobody ever reads a
 * half-written lock). A lock found in place is tested, because its holder may have died without
 * removing it (SIGKILL, out of memory, power loss):
 *
 * - a holder in our pid namespace (same boot and /proc/self/ns/pid on Linux, the same host name
 *   elsewhere) holds it while that pid is alive and, where /proc tells, started when the lock says (a
 *   pid reused by another process is not the holder);
 * - a holder we cannot see (another container sharing the folder, another machine on a network file
 *   system) touches the file every HEARTBEAT_MS, and holds it while the file changed within STALE_MS.
 *
 * A stale lock is moved aside with an atomic rename, checked to be the very file judged stale (another
 * process may have replaced it meanwhile: then it is put back), and removed; then the lock is taken as
 * usual. Kernel locks (flock, fcntl), which die with their process, would be simpler, but Node has no
 * API for them and the native add-ons that do are not worth a dependency here.
 */

/** How often a holder touches its lock, and after how long without a touch a holder we cannot see is gone. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;

export interface FolderLockOwner {
  pid: number;
  /** Who holds it, as people know it: `the SYS server`, `npm run backup`... */
  holder: string;
  host: string;
  /** Where `pid` means this process: pids are comparable only within one scope. */
  scope: string;
  /** The process's start time in clock ticks since boot (/proc/PID/stat), null where unknown. */
  startTicks: string | null;
  since: string;
}

export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
  /** The holder as a person can find it: `the SYS server (pid 123, since 2025-01-01T12:00:00.000Z)`. */
  readonly holderDescription: string;

  constructor(
    readonly folder: string,
    readonly owner: FolderLockOwner | null,
  ) {
    const where = owner && owner.scope !== ownScope() ? ` on ${owner.host}` : '';
    const holder = owner
      ? `${owner.holder} (pid ${owner.pid}${where}, since ${owner.since})`
      : 'another process';
    super(`${folder} is in use by ${holder}`);
    this.holderDescription = holder;
  }
}

export interface FolderLock {
  readonly path: string;
  release(): void;
}

let scope: string | undefined;

/** What makes pids comparable with this process: the same kernel boot and pid namespace. */
function ownScope(): string {
  if (scope === undefined) {
    try {
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      scope = `${boot}/${readlinkSync('/proc/self/ns/pid')}`;
    } catch {
      scope = `host:${hostname()}`;
    }
  }
  return scope;
}

/** The start time of process `pid` (field 22 of /proc/PID/stat, after the parenthesised name), or null. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): FolderLockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<FolderLockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.scope !== 'string') return null;
    return {
      pid: owner.pid,
      holder: String(owner.holder ?? 'another process'),
      host: String(owner.host ?? 'another host'),
      scope: owner.scope,
      startTicks: typeof owner.startTicks === 'string' ? owner.startTicks : null,
      since: String(owner.since ?? 'an unknown time'),
    };
  } catch {
    return null;
  }
}

/** Lock files held by this process (a second open in one process would corrupt the folder too). */
const heldHere = new Map<string, FolderLockOwner>();

/** Whether the lock whose file reads `owner` (null: unreadable) and was touched at `touchedMs` is held. */
function isLockHeld(owner: FolderLockOwner | null, touchedMs: number): boolean {
  if (owner && owner.scope === ownScope()) {
    // Our own pid, and no start time to tell: most likely a restarted container's previous process.
    if (owner.pid === process.pid && owner.startTicks === null) return false;
    if (!isAlive(owner.pid)) return false;
    const started = owner.startTicks === null ? null : startTicksOf(owner.pid);
    return started === null || started === owner.startTicks;
  }
  return Date.now() - touchedMs < STALE_MS;
}

function readLock(path: string): { text: string; touchedMs: number } | null {
  try {
    const touchedMs = statSync(path).mtimeMs;
    return { text: readFileSync(path, 'utf8'), touchedMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates `path` holding `text`, atomically and only if it does not exist; false when it exists. */
function createExclusive(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}-${randomUUID()}.tmp`;
  const fd = openSync(temporary, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Removes the stale lock that read `text`, unless another process replaced it meanwhile. */
function removeStale(path: string, text: string): void {
  const aside = `${path}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') !== text) {
    // A live process took the lock between our reading and our renaming: it is its, give it back.
    try {
      linkSync(aside, path);
    } catch {
      // A third process took it in that instant; the lock it holds stands.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes the lock of `folder` (the file `folder.lock` beside it) for this process, or throws
 * FolderLockedError naming the process that holds it. A stale lock of a dead process is taken over.
 * The lock is released by `release()`, and at the latest when this process exits.
 */
export function lockFolder(folder: string, holder: string): FolderLock {
  const path = `${resolve(folder)}.lock`;
  const held = heldHere.get(path);
  if (held) throw new FolderLockedError(folder, held);
  const owner = ownerOfThisProcess(holder);
  const text = JSON.stringify(owner);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(path, text)) break;
    const found = readLock(path);
    if (!found) continue;
    const holderFound = parseOwner(found.text);
    if (isLockHeld(holderFound, found.touchedMs) || attempt >= 5) {
      throw new FolderLockedError(folder, holderFound);
    }
    removeStale(path, found.text);
  }
  heldHere.set(path, owner);

  const ours = () => readLock(path)?.text === text;
  const heartbeat = setInterval(() => {
    try {
      if (ours()) utimesSync(path, new Date(), new Date());
    } catch {
      // The next beat tries again; a holder we can see is judged by its pid, not by this.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    heldHere.delete(path);
    try {
      if (ours()) unlinkSync(path);
    } catch {
      // Left behind, it is a stale lock of a process that is gone: the next one takes it over.
    }
  };
  process.on('exit', release);
  return { path, release };
}

function ownerOfThisProcess(holder: string): FolderLockOwner {
  return {
    pid: process.pid,
    holder,
    host: hostname(),
    scope: ownScope(),
    startTicks: startTicksOf(process.pid),
    since: new Date().toISOString(),
  };
}
