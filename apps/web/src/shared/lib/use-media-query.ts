import { useSyncExternalStore } from 'react';

/** The widths the layout changes at, as Tailwind's md and xl breakpoints (48rem, 80rem). */
export const TABLET_QUERY = '(min-width: 48rem)';
export const LAPTOP_QUERY = '(min-width: 80rem)';

/**
 * Does the media query match now? Re-renders when it starts or stops matching. False where the
 * browser has no matchMedia (the phone layout).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
