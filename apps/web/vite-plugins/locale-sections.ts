import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENGLISH = fileURLToPath(new URL('../src/locales/en.json', import.meta.url));
const REGISTRY = fileURLToPath(new URL('../src/shared/lib/english-sections.ts', import.meta.url));
const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));
const SECTION = '\0sys-english:';

/**
 * A second-level group of a section: the key itself and its plural and context forms (`count_one`,
 * `count_other`), or the whole section without a key.
 */
function part(section: unknown, key: string | undefined): Record<string, unknown> {
  if (typeof section !== 'object' || section === null) return {};
  if (key === undefined) return section as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(section).filter(([name]) => name === key || name.startsWith(`${key}_`)),
  );
}

/**
 * English strings travel with the code that uses them. English is the default language, so its strings
 * would otherwise all sit in the entry chunk that every first screen waits for, most of them for screens
 * the visitor never opens (sign-in, settings, moderation, messages…).
 *
 * In a build, every source module that names a key of a top-level section of en.json (a literal starting
 * with `'section.group`, as `t('auth.signIn')`, `labelKey: 'nav.home'` or `` t(`filters.sections.${x}`) ``
 * do) imports that group of the section (the whole section for `` `section.${x}` ``), a small module that hands it to i18next (shared/lib/english-sections.ts). The
 * bundler then puts each section in the chunk of the modules that use it: the header's in the entry, the
 * moderation screen's in its lazy chunk. A key is always named by a module that has run, so its section has
 * been added before any screen can ask for it. `import en from '@/locales/en.json?sections'` (app/i18n.ts)
 * is empty in a build and the whole file in development and tests, which therefore need none of this.
 * Hebrew is loaded whole when it is the language.
 */
export function localeSections(): Plugin {
  let building = false;
  let strings: Record<string, unknown> = {};
  let pattern = /$^/;

  return {
    name: 'sys-locale-sections',
    enforce: 'pre',

    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr;
    },

    buildStart() {
      this.addWatchFile(ENGLISH);
      strings = JSON.parse(readFileSync(ENGLISH, 'utf8')) as Record<string, unknown>;
      const names = Object.keys(strings).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      pattern = new RegExp(`['"\`](${names.join('|')})\\.(\\$\\{|\\w+)`, 'g');
    },

    async resolveId(source, importer) {
      if (source.startsWith(SECTION)) return source;
      const [path, query] = source.split('?', 2);
      if (query !== 'sections' || !path?.endsWith('.json')) return null;
      const resolved = await this.resolve(path, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?sections` : null;
    },

    load(id) {
      if (id.startsWith(SECTION)) {
        const [name = '', key] = id.slice(SECTION.length).split('/', 2);
        return [
          `import { addEnglishSection } from ${JSON.stringify(REGISTRY)};`,
          `addEnglishSection(${JSON.stringify(name)}, ${JSON.stringify(part(strings[name], key))});`,
        ].join('\n');
      }
      if (id.endsWith('.json?sections')) {
        const file = id.slice(0, -'?sections'.length);
        return building ? 'export default {};' : `export { default } from ${JSON.stringify(file)};`;
      }
      return null;
    },

    transform(code, id) {
      if (!building || !id.startsWith(SOURCE) || !/\.tsx?$/.test(id) || id === REGISTRY) return null;
      const used = new Set<string>();
      for (const [, name = '', key = ''] of code.matchAll(pattern)) {
        // A key built at run time (`section.${…}`) may be any of the section's; a literal one is one group.
        if (key === '${') used.add(name);
        else if (Object.keys(part(strings[name], key)).length > 0) used.add(`${name}/${key}`);
      }
      // The whole section covers its groups.
      for (const unit of used)
        if (unit.includes('/') && used.has(unit.split('/')[0] as string)) used.delete(unit);
      if (used.size === 0) return null;
      const imports = [...used].map((name) => `import ${JSON.stringify(SECTION + name)};`).join('');
      // On the first line, so the source map of the rest stays as it was.
      return { code: imports + code, map: null };
    },
  };
}
