import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';

/**
 * The server's import rules of .dependency-cruiser.cjs (what `npm run lint` checks), run on a small tree
 * that breaks each of them once next to imports they allow: every break is reported, nothing else is.
 */
async function violations(baseDir: string) {
  const options = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  const { output } = await cruise(['apps/server/src'], { ...options, baseDir, validate: true });
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

const FIXTURE: Record<string, string> = {
  // Allowed: the root composes the modules, modules build on lib/ and db/, one module reads another one
  // way, the seed fills the modules from above.
  'app.ts': "import './modules/posts/posts.routes.ts'; import './modules/explore/explore.routes.ts';",
  'config.ts': 'export const config = {};',
  'modules/posts/posts.routes.ts': "import './posts.service.ts';",
  'modules/posts/posts.service.ts': "import '../../lib/paging.ts'; import '../../db/client.ts';",
  'modules/explore/explore.routes.ts': "import './explore.service.ts';",
  'modules/explore/explore.service.ts': "import '../posts/posts.service.ts';",
  'lib/paging.ts': "import '../db/client.ts'; import '../config.ts';",
  'db/client.ts': 'export const db = {};',
  'seed/demo.seed.ts': "import '../modules/posts/posts.service.ts';",
  // Tests and their helpers may import anything, the app included, without tying their folders together.
  'test/context.ts': "import '../app.ts';",
  'lib/paging.test.ts': "import '../test/context.ts'; import '../modules/posts/posts.service.ts';",
  'modules/posts/posts.test.ts': "import '../../test/context.ts'; import '../../seed/demo.seed.ts';",
  'modules/auth/auth.test-helpers.ts': "import '../../test/context.ts';",
  // Two modules import each other, through different files (no file cycle).
  'modules/albums/albums.service.ts': "import '../wishlist/wishlist.repository.ts';",
  'modules/wishlist/wishlist.repository.ts': 'export const saved = [];',
  'modules/wishlist/wishlist.service.ts': "import '../albums/albums.mapper.ts';",
  'modules/albums/albums.mapper.ts': 'export const toAlbum = 1;',
  // A cycle of files inside one module.
  'modules/social/a.ts': "import './b.ts';",
  'modules/social/b.ts': "import './a.ts';",
  // lib/ and db/ reach up into a module.
  'lib/search.ts': "import '../modules/wishlist/wishlist.repository.ts';",
  'db/order.ts': "import '../modules/social/a.ts';",
  // Shipped code imports a test helper.
  'modules/explore/explore.fixtures.ts': "import '../../test/context.ts';",
  // An import nothing answers.
  'modules/posts/posts.broken.ts': "import './posts.missing.ts';",
};

describe('the server import rules (.dependency-cruiser.cjs)', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'sys-server-architecture-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('report every break, and only those', async () => {
    const src = join(fixture, 'apps/server/src');
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), `${text}\n`);
    }
    const at = (path: string) => `apps/server/src/${path}`;
    expect((await violations(fixture)).sort()).toEqual(
      [
        `server-folders-one-way: ${at('modules/albums')} → ${at('modules/wishlist')}`,
        `server-folders-one-way: ${at('modules/wishlist')} → ${at('modules/albums')}`,
        `server-no-cycle: ${at('modules/social/a.ts')} → ${at('modules/social/b.ts')}`,
        `server-base-not-to-modules: ${at('lib/search.ts')} → ${at('modules/wishlist/wishlist.repository.ts')}`,
        `server-base-not-to-modules: ${at('db/order.ts')} → ${at('modules/social/a.ts')}`,
        `server-not-to-tests: ${at('modules/explore/explore.fixtures.ts')} → ${at('test/context.ts')}`,
        `server-resolvable: ${at('modules/posts/posts.broken.ts')} → ./posts.missing.ts`,
      ].sort(),
    );
  }, 120_000);

  it('hold in the server', async () => {
    expect(await violations(repoRoot)).toEqual([]);
  }, 120_000);
});
