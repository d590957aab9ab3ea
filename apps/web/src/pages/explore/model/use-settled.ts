import { useEffect, useState } from 'react';

/** Suggestions are asked for once typing pauses this long (the box's list and the results' matches alike). */
export const SUGGESTIONS_PAUSE_MS = 250;

/** The value once it stopped changing for `ms`: one request per pause, not per key. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
