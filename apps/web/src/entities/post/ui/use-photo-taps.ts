import { type MouseEvent, useEffect, useRef } from 'react';

/** How long a first tap waits for a second one before it counts as a single tap (what phones use). */
export const DOUBLE_TAP_MS = 300;

/**
 * Tells a double tap (or double click) on a photo from a single one. A single tap runs `onSingle`
 * once no second tap came within DOUBLE_TAP_MS (a photo link's navigation waits that long); a second
 * tap runs `onDouble` instead. Keyboard activation (click detail 0) and clicks that open a new tab or
 * window go straight through. A swipe or a pinch makes no click, so carousels and zooming are untouched.
 */
export function usePhotoTaps({ onSingle, onDouble }: { onSingle?: () => void; onDouble?: () => void }) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  return (event: MouseEvent) => {
    if (!onDouble) return;
    if (
      event.detail === 0 ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
      onDouble();
      return;
    }
    pending.current = setTimeout(() => {
      pending.current = null;
      onSingle?.();
    }, DOUBLE_TAP_MS);
  };
}
