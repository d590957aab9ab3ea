import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned ref's element comes within `margin` of the viewport (an infinite
 * list's sentinel). Without IntersectionObserver nothing happens: the list's button still works.
 */
export function useOnVisible<E extends Element>(onVisible: () => void, enabled: boolean, margin = '800px') {
  const ref = useRef<E>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);

  return ref;
}
