import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

interface LockedPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

/**
 * One Node.js version for the whole project: the machines it runs on have Node 20, the README says
 * 20.19, and `npm install` warned that a few locked packages wanted Node 22 (lighthouse 13 and
 * puppeteer-core 25 in bench/, cookie 2 under Fastify's light-my-request). Those are held at versions
 * that run on 20 (package.json overrides and bench/package.json); this keeps it so.
 */
describe('the declared Node.js version', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const lowest = semver.minVersion(engines)?.version ?? '';

  it('is accepted by every locked package that names one, at its lowest (no EBADENGINE warning)', () => {
    expect(lowest).toBe('20.19.0');
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
    expect(lock.packages['']?.engines).toEqual({ node: engines });
    const refused = Object.entries(lock.packages).flatMap(([name, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      if (!name || locked.optional || !range || semver.satisfies(lowest, range)) return [];
      return [`${name.replace(/^.*node_modules\//, '')} wants ${range}`];
    });
    expect(refused).toEqual([]);
  });

  it('is the one the README names', () => {
    expect(read('README.md')).toContain(`Node.js ${lowest.replace(/\.0$/, '')} or newer is required`);
  });
});
