import { describe, expect, it } from 'vitest';
import { pageOf, rowsForPage } from './paging.ts';

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `r${index + 1}` }));
const cursorOf = (row: { id: string }) => `after:${row.id}`;

describe('pageOf', () => {
  it('reads one row beyond the page', () => {
    expect(rowsForPage(20)).toBe(21);
    expect(rowsForPage(1)).toBe(2);
  });

  it('shows `limit` rows and points past the last shown when another row was read', () => {
    expect(pageOf(rows(rowsForPage(3)), 3, cursorOf)).toEqual({
      items: rows(3),
      nextCursor: 'after:r3',
    });
  });

  it('ends the list when no row beyond the page was read', () => {
    expect(pageOf(rows(3), 3, cursorOf)).toEqual({ items: rows(3), nextCursor: null });
    expect(pageOf(rows(2), 3, cursorOf)).toEqual({ items: rows(2), nextCursor: null });
    expect(pageOf([], 3, cursorOf)).toEqual({ items: [], nextCursor: null });
  });

  it('asks for the cursor of the last row shown only', () => {
    const asked: string[] = [];
    pageOf(rows(5), 2, (row) => {
      asked.push(row.id);
      return row.id;
    });
    expect(asked).toEqual(['r2']);
  });

  it('leaves the rows it was given as they were', () => {
    const read = Object.freeze(rows(4));
    expect(pageOf(read, 3, cursorOf).items).toEqual(rows(3));
    expect(read).toHaveLength(4);
  });
});
