/**
 * Initial JavaScript per route: the entry chunk and every chunk it imports statically, plus the route's
 * lazy page chunk and every chunk that one imports statically (what the browser must fetch before the
 * screen can draw), in kB gzip (level 6, per file, as the server precompresses). Idle preloads and
 * chunks loaded later (sheets, dialogs) are not counted.
 *
 *   npx tsx bench/bundle-size.ts            builds apps/web into a temporary folder with a manifest
 *   BUNDLE_DIST=path npx tsx bench/…        reads a build made with `vite build --manifest`
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The pages a first visit most often lands on, as in bench/lighthouse.ts, and the rest of the main tabs. */
const ROUTES: Record<string, string> = {
  '/': 'src/pages/home/home-page.tsx',
  '/explore': 'src/pages/explore/explore-page.tsx',
  '/post/{id}': 'src/pages/post-detail/post-detail-page.tsx',
  '/profile/{username}': 'src/pages/profile/user-profile-page.tsx',
  '/onboarding': 'src/pages/onboarding/onboarding-page.tsx',
  '/wishlist': 'src/pages/wishlist/wishlist-page.tsx',
  '/activity': 'src/pages/activity/activity-page.tsx',
  '/create-post': 'src/pages/create-post/create-post-page.tsx',
  '/edit-post/{id}': 'src/pages/edit-post/edit-post-page.tsx',
};

const web = resolve(import.meta.dirname, '..', 'apps', 'web');
const given = process.env.BUNDLE_DIST;
const dist = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'sys-bundle-'));
try {
  if (!given) {
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--manifest', '--outDir', dist, '--emptyOutDir'],
      {
        cwd: web,
        stdio: 'inherit',
      },
    );
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 6 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  /** The chunk's file and every file it imports statically, transitively. */
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build has no entry chunk');
  const entry = closure(entryKey);
  const kB = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1000;

  const rows = [`| entry (every route) | ${kB(entry).toFixed(1)} | ${entry.size} |`];
  for (const [route, page] of Object.entries(ROUTES)) {
    const files = closure(page, new Set(entry));
    rows.push(`| \`${route}\` | ${kB(files).toFixed(1)} | ${files.size} |`);
  }
  process.stdout.write(
    `${['| route | initial JS, kB gzip | files |', '|---|---:|---:|', ...rows].join('\n')}\n`,
  );
} finally {
  if (!given) rmSync(dist, { recursive: true, force: true });
}
