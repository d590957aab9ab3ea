import { describe, expect, it } from 'vitest';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor.ts';

const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const createdAt = new Date('2026-11-27T10:00:00.123Z');
const raw = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('keyset cursors', () => {
  it('decode to the position they were made from', () => {
    expect(decodeKeysetCursor(encodeKeysetCursor({ createdAt, id }))).toEqual({ createdAt, id });
    expect(decodeKeysetCursor(undefined)).toBeUndefined();
  });

  it('give the id in lower case, as PostgreSQL writes a uuid', () => {
    const position = decodeKeysetCursor(raw(`${createdAt.toISOString()}|${id.toUpperCase()}`));
    expect(position).toEqual({ createdAt, id });
  });

  it.each([
    ['no separator', raw(createdAt.toISOString())],
    ['a bad time', raw(`yesterday|${id}`)],
    ['a time PostgreSQL cannot store', raw(`+275760-09-13T00:00:00.000Z|${id}`)],
    ['an id that is not a uuid', raw(`${createdAt.toISOString()}|42`)],
    ['a third part', raw(`${createdAt.toISOString()}|${id}|more`)],
  ])('refuse %s with 400 Invalid cursor', (_name, cursor) => {
    expect(() => decodeKeysetCursor(cursor)).toThrow(
      expect.objectContaining({ status: 400, message: 'Invalid cursor' }),
    );
  });
});
