import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature.
export type PreloadableComponent<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts loading the code now (e.g. on hover, focus or when the browser is idle). */
  preload: () => Promise<unknown>;
};

/** React.lazy with a `preload()` to fetch the code before it is needed. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature.
export function lazyWithPreload<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let pending: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    pending ??= load();
    return pending;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

/** Preloads code once the browser has nothing better to do, so the first tap is instant. */
export function usePreloadWhenIdle(preload: () => Promise<unknown>): void {
  useEffect(() => {
    const run = () => void preload().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(run, 1500);
    return () => clearTimeout(handle);
  }, [preload]);
}
