import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, then `step` more after each commit, each step in
 * a transition. A feed's first page is 10 cards, but a phone's screen shows one or two; rendering and
 * laying out all of them in one go kept the main thread busy for most of a second on a mid-range phone,
 * and taps waited. In steps, the first screen paints sooner and each later step is short enough not to
 * block input. Items that arrive later (the next page) come in the same way; an empty list (another feed
 * loading in the same place) starts again from `first`.
 */
export function useProgressiveCount(total: number, first = 3, step = 3): number {
  const [shown, setShown] = useState(first);
  if (total === 0 && shown !== first) setShown(first);
  useEffect(() => {
    if (shown >= total) return;
    // A transition React may interrupt for input; the next step is scheduled by the commit it causes.
    startTransition(() => setShown((current) => Math.min(total, current + step)));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
