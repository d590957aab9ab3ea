import { readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';
// @ts-expect-error: a plain JavaScript build script without type declarations.
import { computeClassGroups, TABLE_FILE, tableSource } from '../scripts/class-groups.mjs';

/**
 * Every build writes cn()'s class table (src/shared/ui/class-groups.gen.ts) again when the classes in the
 * code have changed, so a build never ships a table that misses a class (cn() would keep two conflicting
 * classes). Only builds: the unit tests still read the committed table, and cn.test.ts fails while it is stale.
 */
export function classGroups(): Plugin {
  return {
    name: 'sys-class-groups',
    apply: 'build',
    async buildStart() {
      const source: string = tableSource(await computeClassGroups());
      if (readFileSync(TABLE_FILE, 'utf8') !== source) {
        writeFileSync(TABLE_FILE, source);
        this.warn('class-groups.gen.ts was out of date and has been written again: commit it');
      }
    },
  };
}
