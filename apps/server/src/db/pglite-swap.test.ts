import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishInterruptedRestore, restoreStagingFor, swapInRestored } from './pglite-swap.ts';

/**
 * A restore swaps the new PGlite folder in with renames; stopped between any two of them, the next
 * process to take the folder's lock finds the old database (the new one was not complete) or the new
 * one (it was), and nothing left beside it. Folders here hold one marker file in place of a database.
 * (backup.test.ts kills a real restore while it loads the rows.)
 */

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sys-pglite-swap-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function database(path: string, content: string) {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'PG_VERSION'), content);
}

/** A data directory with the old database and a complete new one (`pg.restoring-*`), before any rename. */
function dataDirWithNewDatabase() {
  const dataDir = mkdtempSync(join(tmp, 'data-'));
  const folder = join(dataDir, 'pg');
  database(folder, 'old');
  const staging = restoreStagingFor(folder);
  database(staging.building, 'new');
  return { dataDir, folder, staging };
}

/** What the data directory holds after the next start: the database's marker and the other entries. */
async function afterNextStart(dataDir: string, folder: string) {
  await finishInterruptedRestore(folder);
  return { database: readFileSync(join(folder, 'PG_VERSION'), 'utf8'), entries: readdirSync(dataDir) };
}

describe('swapping a restored PGlite folder in', () => {
  it('a complete swap leaves the new database alone', async () => {
    const { dataDir, folder, staging } = dataDirWithNewDatabase();
    await swapInRestored(folder, staging);
    expect(await afterNextStart(dataDir, folder)).toEqual({ database: 'new', entries: ['pg'] });
  });

  it('stopped while the new one was built: the old database, and the half-built one removed', async () => {
    const { dataDir, folder } = dataDirWithNewDatabase();
    expect(await afterNextStart(dataDir, folder)).toEqual({ database: 'old', entries: ['pg'] });
  });

  it('stopped once the new one was complete, before the old one moved: the new one', async () => {
    const { dataDir, folder, staging } = dataDirWithNewDatabase();
    renameSync(staging.building, staging.ready);
    expect(await afterNextStart(dataDir, folder)).toEqual({ database: 'new', entries: ['pg'] });
  });

  it('stopped between moving the old one away and moving the new one in: the new one', async () => {
    const { dataDir, folder, staging } = dataDirWithNewDatabase();
    renameSync(staging.building, staging.ready);
    renameSync(folder, staging.old);
    expect(await afterNextStart(dataDir, folder)).toEqual({ database: 'new', entries: ['pg'] });
  });

  it('stopped before the old one was removed: the new one, and the old one removed', async () => {
    const { dataDir, folder, staging } = dataDirWithNewDatabase();
    renameSync(staging.building, staging.ready);
    renameSync(folder, staging.old);
    renameSync(staging.ready, folder);
    expect(await afterNextStart(dataDir, folder)).toEqual({ database: 'new', entries: ['pg'] });
  });

  it('leaves other entries of the data directory alone', async () => {
    const { dataDir, folder } = dataDirWithNewDatabase();
    database(join(dataDir, 'media'), 'media');
    writeFileSync(join(dataDir, 'pg.lock'), '{}');
    database(join(dataDir, 'pgdata.old-1'), 'not ours');
    expect((await afterNextStart(dataDir, folder)).entries.sort()).toEqual([
      'media',
      'pg',
      'pg.lock',
      'pgdata.old-1',
    ]);
  });
});
