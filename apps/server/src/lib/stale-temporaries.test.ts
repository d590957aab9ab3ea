import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/context.ts';
import { removeStaleTemporaries, temporaryName } from './stale-temporaries.ts';

const dir = mkdtempSync(join(tmpdir(), 'sys-stale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('removeStaleTemporaries', () => {
  it("removes the files of gone processes and old files, keeps a live process's and other files", async () => {
    const folder = join(dir, 'uploads');
    mkdirSync(folder);
    const write = (name: string) => {
      writeFileSync(join(folder, name), 'partial');
      return name;
    };
    const ofDeadProcess = write(`upload-${deadPid()}-a.tmp`);
    const ofThisProcess = write(temporaryName('b', 'upload-', '.tmp'));
    const ofLiveProcess = write(`upload-${process.ppid}-c.tmp`);
    const oldOfLiveProcess = write(`upload-${process.ppid}-d.tmp`);
    const twoDaysAgo = (Date.now() - 2 * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(join(folder, oldOfLiveProcess), twoDaysAgo, twoDaysAgo);
    const unrelated = write('notes.txt');

    expect(await removeStaleTemporaries(folder, 'upload-')).toBe(3);
    expect(existsSync(join(folder, ofDeadProcess))).toBe(false);
    // This process calls it at start, before writing anything: a file with its pid is a crashed
    // predecessor's (a restarted container gets the same pid).
    expect(existsSync(join(folder, ofThisProcess))).toBe(false);
    expect(existsSync(join(folder, oldOfLiveProcess))).toBe(false);
    expect(existsSync(join(folder, ofLiveProcess))).toBe(true);
    expect(existsSync(join(folder, unrelated))).toBe(true);
  });

  it('a missing folder is not an error', async () => {
    expect(await removeStaleTemporaries(join(dir, 'nothing-here'))).toBe(0);
  });
});

describe('media written by a process that was killed', () => {
  it('is never served, and is removed when the server starts', async () => {
    const dataDir = join(dir, 'data');
    const partial = join(dataDir, 'media', '.tmp', `${deadPid()}-half-written`);
    mkdirSync(join(dataDir, 'media', '.tmp'), { recursive: true });
    writeFileSync(partial, 'half of an image');
    const ctx = await createTestApp({ dataDir });
    try {
      expect(existsSync(partial)).toBe(false);
      writeFileSync(join(dataDir, 'media', '.tmp', 'in-progress'), 'bytes');
      const response = await ctx.app.inject({ method: 'GET', url: '/media/.tmp/in-progress' });
      expect(response.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
