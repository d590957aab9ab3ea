import { describe, expect, it } from 'vitest';
import { findUnstorableText } from '../plugins/text-input.ts';
import { parseQueryString } from './query-string.ts';

describe('parseQueryString', () => {
  it('gives each name its value, an array when repeated, an empty string without `=`', () => {
    expect({ ...parseQueryString('limit=20&tag=a&tag=b&tag=c&flag&q=a+b%21') }).toEqual({
      limit: '20',
      tag: ['a', 'b', 'c'],
      flag: '',
      q: 'a b!',
    });
  });

  it('inherits nothing: every name, `__proto__` and `constructor` included, is only what was sent', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.entries(parsed)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(parsed.constructor).toBe('y');
    const empty = parseQueryString('');
    for (const name of ['toString', 'hasOwnProperty', 'valueOf', '__proto__', 'constructor'])
      expect((empty as Record<string, unknown>)[name], name).toBeUndefined();
    expect(Object.getPrototypeOf(Object.getPrototypeOf(empty))).toBeNull();
  });

  it("is a plain container to the input check, which still finds text the database can't store", () => {
    expect(findUnstorableText(parseQueryString('q=ok'), 'query')).toBeNull();
    expect(findUnstorableText(parseQueryString('q=a%00b'), 'query')).toMatchObject({ field: 'query.q' });
  });
});
