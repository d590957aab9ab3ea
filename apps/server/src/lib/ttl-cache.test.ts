import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { pgliteSnapshot } from '../test/context.ts';
import { TtlCache } from './ttl-cache.ts';

/** A computation that counts its calls and answers `value` (or waits for `gate` first). */
function counter<T>(value: T, gate?: Promise<void>) {
  const compute = async () => {
    compute.calls += 1;
    await gate;
    return value;
  };
  compute.calls = 0;
  return compute;
}

describe('TtlCache', () => {
  it('computes a key once while it is fresh, again once it has expired', async () => {
    let now = 1000;
    const cache = new TtlCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    const compute = counter('a');
    expect(await cache.get('k', compute)).toBe('a');
    now += 99;
    expect(await cache.get('k', compute)).toBe('a');
    expect(compute.calls).toBe(1);
    now += 1;
    expect(await cache.get('k', compute)).toBe('a');
    expect(compute.calls).toBe(2);
  });

  it('runs one computation for requests that arrive while it runs', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    let open!: () => void;
    const compute = counter(7, new Promise<void>((resolve) => (open = resolve)));
    const waiting = Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    open();
    expect(await waiting).toEqual([7, 7, 7]);
    expect(compute.calls).toBe(1);
  });

  it('keeps only the values its caller says to keep, and gives the others to their callers', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    const keepEven = (value: number) => value % 2 === 0;
    const odd = counter(3);
    expect(await cache.get('odd', odd, keepEven)).toBe(3);
    expect(await cache.get('odd', odd, keepEven)).toBe(3);
    expect(odd.calls).toBe(2);
    const even = counter(4);
    expect(await cache.get('even', even, keepEven)).toBe(4);
    expect(await cache.get('even', even, keepEven)).toBe(4);
    expect(even.calls).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 2 });
    const a = counter('a');
    const b = counter('b');
    const c = counter('c');
    await cache.get('a', a);
    await cache.get('b', b);
    await cache.get('a', a); // a is now the most recently used
    await cache.get('c', c); // evicts b
    expect(cache.size).toBe(2);
    await cache.get('a', a);
    await cache.get('b', b);
    expect(a.calls).toBe(1);
    expect(b.calls).toBe(2);
  });

  it('does not keep a value computed across a clear, but gives it to its callers', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    let open!: () => void;
    const old = counter('before', new Promise<void>((resolve) => (open = resolve)));
    const pending = cache.get('k', old);
    cache.clear();
    open();
    expect(await pending).toBe('before');
    const fresh = counter('after');
    expect(await cache.get('k', fresh)).toBe('after');
    expect(fresh.calls).toBe(1);
  });

  it('forgets only the matching keys, and keeps no value computed across a forget', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    const a = counter('a');
    const b = counter('b');
    await cache.get('user-1/x', a);
    await cache.get('user-2/x', b);
    let open!: () => void;
    const slow = counter('old', new Promise<void>((resolve) => (open = resolve)));
    const pending = cache.get('user-3/x', slow);
    // Another key's build under way across the forget is kept.
    let openOther!: () => void;
    const other = counter('other', new Promise<void>((resolve) => (openOther = resolve)));
    const otherPending = cache.get('user-4/x', other);
    cache.forget((key) => key.startsWith('user-1/') || key.startsWith('user-3/'));
    open();
    openOther();
    expect(await pending).toBe('old');
    expect(await otherPending).toBe('other');
    expect(await cache.get('user-4/x', other)).toBe('other');
    expect(other.calls).toBe(1);
    await cache.get('user-1/x', a);
    await cache.get('user-2/x', b);
    const fresh = counter('new');
    expect(await cache.get('user-3/x', fresh)).toBe('new');
    expect([a.calls, b.calls, fresh.calls]).toEqual([2, 1, 1]);
  });

  /** A computation of many keys: each key's value is `${key}:${round}`, except the `absent` ones. */
  function manyCounter(absent: readonly string[] = [], gate?: Promise<void>) {
    const compute = async (keys: string[]) => {
      compute.calls.push(keys);
      const round = compute.calls.length;
      await gate;
      return new Map(keys.filter((key) => !absent.includes(key)).map((key) => [key, `${key}:${round}`]));
    };
    compute.calls = [] as string[][];
    return compute;
  }

  it('getMany computes only the keys it does not hold, in one call, and keeps what it found', async () => {
    let now = 1000;
    const cache = new TtlCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    const compute = manyCounter(['gone']);
    expect(await cache.getMany(['a', 'b', 'gone', 'a'], compute)).toEqual(
      new Map([
        ['a', 'a:1'],
        ['b', 'b:1'],
      ]),
    );
    expect(await cache.getMany(['c', 'b', 'gone'], compute)).toEqual(
      new Map([
        ['c', 'c:2'],
        ['b', 'b:1'],
      ]),
    );
    expect(await cache.getMany(['a', 'b', 'c'], compute)).toEqual(
      new Map([
        ['a', 'a:1'],
        ['b', 'b:1'],
        ['c', 'c:2'],
      ]),
    );
    // Each key once per call; a key left out (a post no one may see) is asked again, never kept.
    expect(compute.calls).toEqual([
      ['a', 'b', 'gone'],
      ['c', 'gone'],
    ]);
    expect(cache.size).toBe(3);
    now += 100;
    expect((await cache.getMany(['a'], compute)).get('a')).toBe('a:3');
  });

  it('getMany waits for the keys another call is computing instead of computing them again', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    let open!: () => void;
    const slow = manyCounter([], new Promise<void>((resolve) => (open = resolve)));
    const first = cache.getMany(['a', 'b'], slow);
    const quick = manyCounter();
    const second = cache.getMany(['b', 'c'], quick);
    const single = cache.get('a', counter('never'));
    open();
    expect(await first).toEqual(
      new Map([
        ['a', 'a:1'],
        ['b', 'b:1'],
      ]),
    );
    expect(await second).toEqual(
      new Map([
        ['b', 'b:1'],
        ['c', 'c:1'],
      ]),
    );
    expect(await single).toBe('a:1');
    expect(quick.calls).toEqual([['c']]);
  });

  it('getMany keeps nothing computed across a clear, and no key computed across its forget', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    let open!: () => void;
    const cleared = cache.getMany(['a', 'b'], manyCounter([], new Promise<void>((r) => (open = r))));
    cache.clear();
    // Asked again after the clear: computed afresh, not taken from the computation under way.
    const after = manyCounter();
    expect((await cache.getMany(['a'], after)).get('a')).toBe('a:1');
    open();
    expect((await cleared).get('b')).toBe('b:1');
    expect(cache.size).toBe(1);
    let openForgotten!: () => void;
    const forgotten = cache.getMany(
      ['c', 'd'],
      manyCounter([], new Promise<void>((r) => (openForgotten = r))),
    );
    cache.forget((key) => key === 'c');
    openForgotten();
    expect(await forgotten).toEqual(
      new Map([
        ['c', 'c:1'],
        ['d', 'd:1'],
      ]),
    );
    const again = manyCounter();
    await cache.getMany(['b', 'c', 'd'], again);
    expect(again.calls).toEqual([['b', 'c']]);
  });

  it('getMany keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 3 });
    const compute = manyCounter();
    await cache.getMany(['a', 'b', 'c'], compute);
    await cache.getMany(['a'], compute); // a is now the most recently used
    await cache.getMany(['d', 'e'], compute); // evicts b and c
    expect(cache.size).toBe(3);
    await cache.getMany(['a', 'b', 'c', 'd', 'e'], compute);
    expect(compute.calls).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
      ['b', 'c'],
    ]);
  });

  it("getMany's failure reaches its callers and those waiting for its keys, and keeps nothing", async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    let fail!: (error: Error) => void;
    const failing = cache.getMany(
      ['a', 'b'],
      () => new Promise<Map<string, string>>((_, reject) => (fail = reject)),
    );
    const waiting = cache.getMany(['a'], manyCounter());
    fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await expect(waiting).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    expect((await cache.getMany(['b'], manyCounter())).get('b')).toBe('b:1');
  });

  it('forgetKey forgets that key only, and keeps no value computed across it', async () => {
    const cache = new TtlCache({ ttlMs: 1000, maxEntries: 10 });
    await cache.getMany(['a', 'b'], manyCounter());
    let open!: () => void;
    const pending = cache.get('c', counter('old', new Promise<void>((resolve) => (open = resolve))));
    cache.forgetKey('a');
    cache.forgetKey('c');
    open();
    expect(await pending).toBe('old');
    const again = manyCounter();
    expect(await cache.getMany(['a', 'b', 'c'], again)).toEqual(
      new Map([
        ['a', 'a:1'],
        ['b', 'b:1'],
        ['c', 'c:1'],
      ]),
    );
    expect(again.calls).toEqual([['a', 'c']]);
  });

  it('with ttlMs 0 computes every time and keeps nothing', async () => {
    const cache = new TtlCache({ ttlMs: 0, maxEntries: 10 });
    const compute = counter(1);
    await cache.get('k', compute);
    await cache.get('k', compute);
    expect(compute.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('clears on a NOTIFY on its channel, and stops listening when stopped', async () => {
    const database = await openDatabase({ pgliteDir: null, pgliteSnapshot: await pgliteSnapshot('empty') });
    const cache = new TtlCache({ ttlMs: 60_000, maxEntries: 10 });
    try {
      await cache.start(database, 'ttl_cache_test');
      await cache.get('k', counter(1));
      await database.notify('other_channel', '');
      expect(cache.size).toBe(1);
      await database.notify('ttl_cache_test', '');
      await expect.poll(() => cache.size).toBe(0);
      await cache.stop();
      await cache.get('k', counter(1));
      await database.notify('ttl_cache_test', '');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cache.size).toBe(1);
    } finally {
      await database.close();
    }
  });
});
