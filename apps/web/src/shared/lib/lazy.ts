import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

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
  useEffect(() => whenIdle(() => void preload().catch(() => undefined), 3000), [preload]);
}

/** A module loaded once, on demand; once loaded it is at hand synchronously. */
export interface LazyModule<T> {
  /** Starts loading (or joins the load under way); a failed load is tried again next time. */
  load: () => Promise<T>;
  /** The module once loaded, else undefined. */
  get: () => T | undefined;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () => {
      pending ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get: () => value,
  };
}

/**
 * A lazy module for a component to draw with: loaded as soon as `needed`, undefined until it is there (the
 * caller draws a stand-in). Without suspending: a module already loaded (preloaded when idle) is drawn at
 * once, so the screen never flashes its stand-in.
 */
export function useLazyModule<T>(module: LazyModule<T>, needed: boolean): T | undefined {
  const [loaded, setLoaded] = useState<T | undefined>(module.get);
  useEffect(() => {
    if (!needed || loaded !== undefined) return;
    let live = true;
    module.load().then(
      (value) => {
        if (live) setLoaded(() => value);
      },
      // Offline with the code not cached: the stand-in stays, and the next need tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module, needed, loaded]);
  return loaded ?? module.get();
}
