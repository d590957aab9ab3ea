// Writes src/shared/ui/class-groups.gen.ts: for every Tailwind class written in apps/web/src, its
// tailwind-merge class group, and the groups' conflicts. cn() merges with that table instead of shipping
// tailwind-merge and its full Tailwind config to the browser (5.3 kB gzip on every first screen, measured in cn.ts, and
// ~40 ms at 4x CPU slowdown to build its class map during the first render).
//
//   node apps/web/scripts/class-groups.mjs          (write the table)
//
// src/shared/ui/cn.test.ts fails when the table is out of date (a class added to the code that is not
// in it) and checks that cn() merges every pair of classes in the code exactly as tailwind-merge does.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcRoot = join(webRoot, 'src');
export const TABLE_FILE = join(srcRoot, 'shared/ui/class-groups.gen.ts');

/** Every source file of the app (tests excluded: they write no class names of their own). */
function sourceFiles(folder = srcRoot) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && path !== TABLE_FILE
      ? [path]
      : [];
  });
}

/** The words of every string literal in the app that could be a class name. */
export function classCandidates() {
  const words = new Set();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const literal of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal[2].split(/\s+/)) {
        if (word && word.length < 100 && /^[!\w@[\]:./%#()=&*>~+,'-]+$/.test(word)) words.add(word);
      }
    }
  }
  return [...words].sort();
}

/**
 * tailwind-merge's own lookup (createConfigUtils) with its default config. The package does not export it,
 * so its module text is loaded with that function exported as well.
 */
async function tailwindMergeInternals() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('tailwind-merge');
  const bundle = join(dirname(entry), 'bundle-mjs.mjs');
  const text = `${readFileSync(bundle, 'utf8')}\nexport { createConfigUtils as __createConfigUtils };\n`;
  // In node_modules/.cache, where both Node and Vitest's module runner load it from (not from /tmp).
  const cache = join(dirname(entry), '..', '..', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'class-groups-'));
  const copy = join(folder, 'tailwind-merge.mjs');
  writeFileSync(copy, text);
  const module = await import(/* @vite-ignore */ copy).finally(() =>
    rmSync(folder, { recursive: true, force: true }),
  );
  const config = module.getDefaultConfig();
  const version = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
  return { utils: module.__createConfigUtils(config), config, twMerge: module.twMerge, version };
}

/**
 * The class groups of the app's classes, as tailwind-merge finds them: for each name cn() will look up
 * (a class without its variants and `!`, also without its `/modifier`), the group it is in.
 */
export async function computeClassGroups() {
  const { utils, config, twMerge, version } = await tailwindMergeInternals();
  const lookups = new Map();
  const tailwindClasses = [];
  for (const word of classCandidates()) {
    const { baseClassName, maybePostfixModifierPosition } = utils.parseClassName(word);
    const names = [baseClassName];
    if (maybePostfixModifierPosition) names.push(baseClassName.substring(0, maybePostfixModifierPosition));
    let found = false;
    for (const name of names) {
      const group = utils.getClassGroupId(name);
      if (group) {
        lookups.set(name, group);
        found = true;
      }
    }
    if (found) tailwindClasses.push(word);
  }
  const groups = new Map();
  for (const [name, group] of [...lookups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    groups.set(group, [...(groups.get(group) ?? []), name]);
  }
  const used = [...groups.keys()].sort();
  const onlyUsed = (table) =>
    Object.fromEntries(
      used
        .filter((group) => table[group]?.some((other) => groups.has(other)))
        .map((group) => [group, table[group].filter((other) => groups.has(other))]),
    );
  return {
    version,
    tailwindClasses,
    twMerge,
    groups: used.map((group) => [group, groups.get(group).join(' ')]),
    conflicts: onlyUsed(config.conflictingClassGroups),
    postfixConflicts: onlyUsed(config.conflictingClassGroupModifiers),
    postfixLookupGroups: (config.postfixLookupClassGroups ?? []).filter((group) => groups.has(group)),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
}

/** The table as the TypeScript module cn() imports. */
export function tableSource(table) {
  const json = (value) => JSON.stringify(value).replaceAll('"', "'");
  const record = (value) =>
    `{\n${Object.entries(value)
      .map(([key, list]) => `  ${json(key)}: ${json(list)},`)
      .join('\n')}\n}`;
  return `// Generated by apps/web/scripts/class-groups.mjs from the class names in apps/web/src and
// tailwind-merge ${table.version}; do not edit. Run \`node apps/web/scripts/class-groups.mjs\` after adding classes
// (cn.test.ts says when).

/** tailwind-merge's class groups of the app's classes: [group, the class names in it]. */
export const CLASS_GROUPS: readonly (readonly [string, string])[] = [
${table.groups.map(([group, names]) => `  [${json(group)}, ${json(names)}],`).join('\n')}
];

/** The groups a class of a group overrides (tailwind-merge's conflictingClassGroups). */
export const CONFLICTS: Readonly<Record<string, readonly string[]>> = ${record(table.conflicts)};

/** More groups it overrides when it has a \`/modifier\` (conflictingClassGroupModifiers). */
export const POSTFIX_CONFLICTS: Readonly<Record<string, readonly string[]>> = ${record(table.postfixConflicts)};

/** Groups whose \`/modifier\` is part of the class name (postfixLookupClassGroups). */
export const POSTFIX_LOOKUP_GROUPS: readonly string[] = ${json(table.postfixLookupGroups)};

/** Variants whose order matters (orderSensitiveModifiers); the others are compared sorted. */
export const ORDER_SENSITIVE_MODIFIERS: readonly string[] = ${json(table.orderSensitiveModifiers)};
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = await computeClassGroups();
  writeFileSync(TABLE_FILE, tableSource(table));
  process.stdout.write(
    `${TABLE_FILE}: ${table.tailwindClasses.length} classes in ${table.groups.length} groups (tailwind-merge ${table.version})\n`,
  );
}
