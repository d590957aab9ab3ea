import { twMerge } from 'tailwind-merge';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script without type declarations.
import { computeClassGroups } from '../../../scripts/class-groups.mjs';
import {
  CLASS_GROUPS,
  CONFLICTS,
  ORDER_SENSITIVE_MODIFIERS,
  POSTFIX_CONFLICTS,
  POSTFIX_LOOKUP_GROUPS,
} from './class-groups.gen';
import { cn, mergeClasses } from './cn';

interface ComputedTable {
  version: string;
  tailwindClasses: string[];
  groups: [string, string][];
  conflicts: Record<string, string[]>;
  postfixConflicts: Record<string, string[]>;
  postfixLookupGroups: string[];
  orderSensitiveModifiers: string[];
}

let table: ComputedTable;

beforeAll(async () => {
  table = await computeClassGroups();
}, 60_000);

/** Numbers from a fixed seed: the same "random" cases on every run. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * below); // the high bits: the low ones of this generator repeat
  };
}

describe('cn', () => {
  it('has the class groups of every Tailwind class in the code (else: node apps/web/scripts/class-groups.mjs)', () => {
    expect(CLASS_GROUPS).toEqual(table.groups);
    expect(CONFLICTS).toEqual(table.conflicts);
    expect(POSTFIX_CONFLICTS).toEqual(table.postfixConflicts);
    expect(POSTFIX_LOOKUP_GROUPS).toEqual(table.postfixLookupGroups);
    expect(ORDER_SENSITIVE_MODIFIERS).toEqual(table.orderSensitiveModifiers);
    expect(table.tailwindClasses.length).toBeGreaterThan(400);
  });

  it('merges every pair of classes in the code exactly as tailwind-merge does, in both orders', () => {
    const classes = table.tailwindClasses;
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        if (mergeClasses(list) !== twMerge(list)) differences.push(list);
      }
    }
    expect(differences).toEqual([]);
  });

  it('merges longer lists with variants, important and non-Tailwind classes as tailwind-merge does', () => {
    const random = seeded(7);
    const variants = [
      '',
      'hover:',
      'sm:',
      'focus-visible:',
      'hover:sm:',
      'sm:hover:',
      'data-[state=open]:',
      'rtl:',
      'after:',
      'before:hover:',
      'hover:before:',
      '[&_svg]:',
      'sm:[&_svg]:hover:',
      'hover:[&_svg]:sm:',
      '[&_svg]:sm:',
      'sm:[&_svg]:',
    ];
    const others = ['group', 'peer', 'my-own-class', 'feed-card'];
    const pool = [...table.tailwindClasses, ...others];
    const differences: string[] = [];
    for (let run = 0; run < 20_000; run++) {
      const length = 2 + random(6);
      const names = Array.from({ length }, () => {
        const name = pool[random(pool.length)] ?? '';
        const important = random(8) === 0 ? (random(2) === 0 ? '!' : 'end') : '';
        const variant = name.includes(':') ? '' : (variants[random(variants.length)] ?? '');
        if (important === '!') return `${variant}!${name}`;
        return `${variant}${name}${important === 'end' ? '!' : ''}`;
      });
      const list = names.join(' ');
      if (mergeClasses(list) !== twMerge(list)) differences.push(list);
    }
    expect(differences).toEqual([]);
  });

  it('lets a later class win over an earlier one of its group, per variant', () => {
    expect(cn('px-5 py-2', 'px-3')).toBe('py-2 px-3');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('hover:bg-subtle bg-surface', 'hover:bg-line')).toBe('bg-surface hover:bg-line');
    expect(cn('sm:hover:text-ink', 'hover:sm:text-muted')).toBe('hover:sm:text-muted');
    expect(cn('text-sm', 'h-9 text-[15px]')).toBe('h-9 text-[15px]');
  });

  it('joins conditional classes like clsx, and keeps classes that are not Tailwind classes', () => {
    expect(cn('a', false, null, undefined, 0, ['b', { c: true, d: false }])).toBe('a b c');
    expect(cn('my-card my-card')).toBe('my-card my-card');
    expect(cn('')).toBe('');
    expect(cn()).toBe('');
  });
});
