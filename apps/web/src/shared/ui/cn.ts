import { type ClassValue, clsx } from 'clsx';
import {
  CLASS_GROUPS,
  CONFLICTS,
  ORDER_SENSITIVE_MODIFIERS,
  POSTFIX_CONFLICTS,
  POSTFIX_LOOKUP_GROUPS,
} from './class-groups.gen';

/*
 * tailwind-merge's merge (mergeClassList, parseClassName, sortModifiers of tailwind-merge 3.7) over a
 * table of the app's own classes (class-groups.gen.ts, generated from src by scripts/class-groups.mjs) instead
 * of its whole Tailwind config: the same results for every class the app writes (cn.test.ts compares
 * every pair with tailwind-merge), less JavaScript on every first screen and no class map to build
 * during the first render. A class that is not in the table is kept as it is, as tailwind-merge keeps
 * classes that are not Tailwind's.
 *
 * Measured saving (kept only while it is worth it): with plain `twMerge(clsx(inputs))` instead, every
 * route's initial JavaScript is 5.3 kB gzip larger (the entry and its static imports: 148.7 → 154.0 kB;
 * each route's chunks the same +5.3 to +5.4 kB), measured on the build of the web-layers renovation
 * with `vite build --manifest`, summing each route's entry, lazy screen chunk and their static imports.
 * The table is written by scripts/class-groups.mjs; every build runs it again (vite-plugins/class-groups.ts)
 * and cn.test.ts fails while the committed table is stale.
 */

const groupOf = new Map<string, string>();
for (const [group, names] of CLASS_GROUPS) for (const name of names.split(' ')) groupOf.set(name, group);
const postfixLookup = new Set(POSTFIX_LOOKUP_GROUPS);
const orderSensitive = new Set(ORDER_SENSITIVE_MODIFIERS);

interface ParsedClass {
  modifiers: string[];
  important: boolean;
  base: string;
  /** Where a `/modifier` starts in `base`, if it has one. */
  postfixAt: number | undefined;
}

/** Variants, `!` and base of a class: `md:hover:!bg-black/50` → [md, hover], true, `bg-black/50`, 8. */
export function parseClass(name: string): ParsedClass {
  const modifiers: string[] = [];
  let brackets = 0;
  let parens = 0;
  let start = 0;
  let postfix: number | undefined;
  for (let index = 0; index < name.length; index++) {
    const character = name[index];
    if (brackets === 0 && parens === 0) {
      if (character === ':') {
        modifiers.push(name.slice(start, index));
        start = index + 1;
        continue;
      }
      if (character === '/') {
        postfix = index;
        continue;
      }
    }
    if (character === '[') brackets++;
    else if (character === ']') brackets--;
    else if (character === '(') parens++;
    else if (character === ')') parens--;
  }
  const withImportant = modifiers.length === 0 ? name : name.slice(start);
  let base = withImportant;
  let important = false;
  if (withImportant.endsWith('!')) {
    base = withImportant.slice(0, -1);
    important = true;
  } else if (withImportant.startsWith('!')) {
    base = withImportant.slice(1);
    important = true;
  }
  const postfixAt = postfix && postfix > start ? postfix - start : undefined;
  return { modifiers, important, base, postfixAt };
}

/** Variants in a canonical order: sorted, except around arbitrary and order-sensitive ones. */
function sortModifiers(modifiers: string[]): string[] {
  const sorted: string[] = [];
  let segment: string[] = [];
  for (const modifier of modifiers) {
    if (modifier[0] === '[' || orderSensitive.has(modifier)) {
      sorted.push(...segment.sort(), modifier);
      segment = [];
    } else {
      segment.push(modifier);
    }
  }
  sorted.push(...segment.sort());
  return sorted;
}

/** The group of a parsed class and whether its `/modifier` counts as one, or null for a non-Tailwind class. */
function classGroup({ base, postfixAt }: ParsedClass): { group: string; postfix: boolean } | null {
  if (postfixAt) {
    const withoutPostfix = groupOf.get(base.substring(0, postfixAt));
    const withPostfix = withoutPostfix && postfixLookup.has(withoutPostfix) ? groupOf.get(base) : undefined;
    if (withPostfix && withPostfix !== withoutPostfix) return { group: withPostfix, postfix: false };
    if (withoutPostfix) return { group: withoutPostfix, postfix: true };
    const whole = groupOf.get(base);
    return whole ? { group: whole, postfix: false } : null;
  }
  const group = groupOf.get(base);
  return group ? { group, postfix: false } : null;
}

/** Later classes win over earlier ones of the same group (or of a group they override), per variant. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classList.trim().split(/\s+/);
  for (let index = names.length - 1; index >= 0; index--) {
    const name = names[index] ?? '';
    const parsed = parseClass(name);
    const found = classGroup(parsed);
    if (!found) {
      kept.push(name);
      continue;
    }
    const { modifiers } = parsed;
    const variant =
      modifiers.length === 0
        ? ''
        : modifiers.length === 1
          ? (modifiers[0] ?? '')
          : sortModifiers(modifiers).join(':');
    const prefix = parsed.important ? `${variant}!` : variant;
    if (taken.has(prefix + found.group)) continue;
    taken.add(prefix + found.group);
    const overridden = found.postfix
      ? [...(CONFLICTS[found.group] ?? []), ...(POSTFIX_CONFLICTS[found.group] ?? [])]
      : (CONFLICTS[found.group] ?? []);
    for (const group of overridden) taken.add(prefix + group);
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

const merged = new Map<string, string>();

/** Joins class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  const classList = clsx(inputs);
  let result = merged.get(classList);
  if (result === undefined) {
    result = mergeClasses(classList);
    // The same few hundred combinations come back on every render; keep them, within bounds.
    if (merged.size >= 1000) merged.clear();
    merged.set(classList, result);
  }
  return result;
}
