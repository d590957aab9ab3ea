import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const PREFIX = '\0sys-locale-sections:';

/**
 * `import en from '@/locales/en.json?without=moderation'`: the strings of a locale file minus the named
 * top-level sections. English is bundled with the entry chunk (every first screen), so a screen that only
 * a few people open (an administrator's) keeps its section out of it: the screen's lazy chunk imports its
 * section by name (`import { moderation } from '@/locales/en.json'`, which the build reduces to that one
 * section) and adds it to i18next when it loads. The locale files themselves stay whole (one file per
 * language, checked by locales.test.ts).
 */
export function localeSections(): Plugin {
  return {
    name: 'sys-locale-sections',
    enforce: 'pre',

    async resolveId(source, importer) {
      const [path, query] = source.split('?', 2);
      if (!path?.endsWith('.json') || !query?.startsWith('without=')) return null;
      const resolved = await this.resolve(path, importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}?${query}` : null;
    },

    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file = '', query = ''] = id.slice(PREFIX.length).split('?', 2);
      this.addWatchFile(file);
      const strings = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      for (const section of new URLSearchParams(query).get('without')?.split(',') ?? []) {
        if (!(section in strings)) this.error(`${file} has no section "${section}" to leave out`);
        delete strings[section];
      }
      return `export default ${JSON.stringify(strings)};`;
    },
  };
}
