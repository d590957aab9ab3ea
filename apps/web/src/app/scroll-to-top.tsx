import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** The layout scrolls to the top on every route change (spec, global behaviour). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
