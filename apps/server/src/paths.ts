import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder, found by walking up from this file, so that the same code
 * finds `drizzle/` and the web build whether it runs from `src/` (tsx) or from the `dist/` bundle.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'drizzle.config.ts'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('Could not locate the server package root (drizzle.config.ts not found)');
}

export const serverRoot = findServerRoot();
export const repoRoot = join(serverRoot, '..', '..');
export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDist = join(repoRoot, 'apps', 'web', 'dist');
