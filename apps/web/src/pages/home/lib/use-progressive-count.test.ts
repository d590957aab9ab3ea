import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('starts with the first few and grows in steps to the total', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const shown = useProgressiveCount(10, 3, 3);
      seen.push(shown);
      return shown;
    });
    expect(seen[0]).toBe(3);
    await waitFor(() => expect(result.current).toBe(10));
    // Never past the total, never backwards.
    expect(new Set(seen)).toEqual(new Set([3, 6, 9, 10]));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('shows a short list whole at once', () => {
    const { result } = renderHook(() => useProgressiveCount(2, 3, 3));
    expect(result.current).toBe(2);
  });

  /** Renders the hook with `total` as a prop; `seen` holds what each render returned. */
  function renderCounting(total: number) {
    const seen: number[] = [];
    const view = renderHook(
      ({ total }) => {
        const shown = useProgressiveCount(total, 3, 3);
        seen.push(shown);
        return shown;
      },
      { initialProps: { total } },
    );
    return { ...view, seen };
  }

  it('adds items that arrive later in steps too', async () => {
    const { result, rerender, seen } = renderCounting(4);
    await waitFor(() => expect(result.current).toBe(4));
    seen.length = 0;
    rerender({ total: 14 });
    await waitFor(() => expect(result.current).toBe(14));
    expect(seen[0]).toBe(4);
    expect(new Set(seen)).toEqual(new Set([4, 7, 10, 13, 14]));
  });

  it('starts again from the first few when the list empties (another feed in the same place)', async () => {
    const { result, rerender, seen } = renderCounting(10);
    await waitFor(() => expect(result.current).toBe(10));
    rerender({ total: 0 });
    expect(result.current).toBe(0);
    seen.length = 0;
    rerender({ total: 10 });
    await waitFor(() => expect(result.current).toBe(10));
    expect(seen[0]).toBe(3);
  });
});
