import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs (what `npm run lint` checks), run on a small tree that breaks
 * each of them once next to imports they allow: every break is reported, nothing else is.
 */
const repoRoot = resolve(__dirname, '../../..');

async function violations(baseDir: string, resolveAlias: string) {
  const options = await extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));
  const { output } = await cruise(
    ['apps/web/src'],
    { ...options, baseDir, validate: true },
    { alias: { '@': resolveAlias } },
  );
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

const FIXTURE: Record<string, string> = {
  // Allowed: down the layers, and within a slice.
  'app/router.ts': "import '@/pages/home/page';",
  'pages/home/page.ts': "import '@/features/like/button'; import '@/entities/post/card';",
  'features/like/button.ts': "import '@/entities/post/card'; import '@/shared/ui/icon'; import './model';",
  'features/like/model.ts': 'export const liked = true;',
  'entities/post/card.ts': "import '@/shared/ui/icon';",
  'shared/ui/icon.ts': 'export const icon = 1;',
  // A feature imports another feature.
  'features/save/button.ts': "import '@/features/like/model';",
  // A page imports another page.
  'pages/profile/page.ts': "import '@/pages/home/page';",
  // Lower layers import higher ones.
  'shared/lib/format.ts': "import '@/entities/post/card';",
  'entities/post/model.ts': "import '@/features/like/model';",
  'features/like/link.ts': "import '@/pages/home/page';",
  'pages/home/nav.ts': "import '@/app/router';",
  // An entity imports one listed before it (album → post → report → profile → viewer).
  'entities/profile/avatar.ts': "import '@/entities/post/card';",
  // A cycle inside one slice.
  'entities/post/a.ts': "import './b';",
  'entities/post/b.ts': "import './a';",
  // An import nothing answers.
  'shared/ui/broken.ts': "import '@/shared/ui/missing';",
};

describe('the import rules (.dependency-cruiser.cjs)', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'sys-architecture-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it('report every break of the layers, and only those', async () => {
    const src = join(fixture, 'apps/web/src');
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), `${text}\n`);
    }
    const at = (path: string) => `apps/web/src/${path}`;
    expect((await violations(fixture, src)).sort()).toEqual(
      [
        `web-features-not-to-features: ${at('features/save/button.ts')} → ${at('features/like/model.ts')}`,
        `web-pages-not-to-pages: ${at('pages/profile/page.ts')} → ${at('pages/home/page.ts')}`,
        `web-shared-not-up: ${at('shared/lib/format.ts')} → ${at('entities/post/card.ts')}`,
        `web-entities-not-up: ${at('entities/post/model.ts')} → ${at('features/like/model.ts')}`,
        `web-entities-one-way: ${at('entities/profile/avatar.ts')} → ${at('entities/post/card.ts')}`,
        `web-features-not-up: ${at('features/like/link.ts')} → ${at('pages/home/page.ts')}`,
        `web-pages-not-up: ${at('pages/home/nav.ts')} → ${at('app/router.ts')}`,
        `web-no-cycle: ${at('entities/post/a.ts')} → ${at('entities/post/b.ts')}`,
        `web-resolvable: ${at('shared/ui/broken.ts')} → @/shared/ui/missing`,
      ].sort(),
    );
  }, 120_000);

  it('hold in the web app', async () => {
    expect(await violations(repoRoot, join(repoRoot, 'apps/web/src'))).toEqual([]);
  }, 120_000);
});
