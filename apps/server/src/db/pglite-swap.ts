import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * `npm run restore` builds the restored embedded database beside the one it replaces and swaps it in at
 * the end, so that a restore stopped at any moment (an error, Ctrl+C, SIGKILL, a full disk) leaves a
 * folder that opens: the old database, or, once the new one was complete, the new one.
 *
 *   DATA_DIR/pg.restoring-STAMP   being built (migrated, loaded, reopened and counted)
 *   DATA_DIR/pg.ready-STAMP       complete and checked: from here on the restore counts as done
 *   DATA_DIR/pg.old-STAMP         the replaced database, removed once the new one is in place
 *
 * Each step is one rename in one folder (atomic). Whoever takes the folder's lock next (the server at
 * start, any CLI) finishes what a stopped restore left (finishInterruptedRestore) before opening it.
 */

export interface RestoreStaging {
  /** Where the new database is built. */
  building: string;
  ready: string;
  old: string;
}

export function restoreStagingFor(folder: string): RestoreStaging {
  const stamp = `${Date.now().toString(36)}-${process.pid}`;
  return {
    building: `${folder}.restoring-${stamp}`,
    ready: `${folder}.ready-${stamp}`,
    old: `${folder}.old-${stamp}`,
  };
}

/** Makes the renames in `folder` durable (a no-op where directories cannot be synced). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Not supported on this platform or file system.
  } finally {
    await handle.close();
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Puts the ready database `ready` in place of `folder` (if any), then removes the old one. */
async function swapIn(folder: string, ready: string, old: string): Promise<void> {
  if (await exists(folder)) await rename(folder, old);
  await rename(ready, folder);
  await syncFolder(dirname(folder));
  await rm(old, { recursive: true, force: true });
}

/**
 * Marks the database built in `staging.building` complete, and swaps it in for `folder`. Call it with the
 * database closed and checked, holding `folder`'s lock.
 */
export async function swapInRestored(folder: string, staging: RestoreStaging): Promise<void> {
  await rename(staging.building, staging.ready);
  await syncFolder(dirname(folder));
  await swapIn(folder, staging.ready, staging.old);
}

/**
 * Finishes what a stopped restore left beside `folder` (hold its lock): a database still being built is
 * removed, a ready one is swapped in, a replaced one is removed. Returns what it found, for the log.
 */
export async function finishInterruptedRestore(folder: string): Promise<string[]> {
  const parent = dirname(folder);
  const prefix = `${basename(folder)}.`;
  const leftovers: string[] = [];
  for (const name of (await readdir(parent).catch(() => [] as string[])).sort()) {
    const match = name.startsWith(prefix)
      ? /^(restoring|ready|old)-(.+)$/.exec(name.slice(prefix.length))
      : null;
    if (!match) continue;
    leftovers.push(name);
    const path = join(parent, name);
    // Sorted, `old` comes before `ready`: a ready database wins whatever state the swap was left in.
    if (match[1] === 'ready') await swapIn(folder, path, `${folder}.old-${match[2]}`);
    else await rm(path, { recursive: true, force: true });
  }
  return leftovers;
}
