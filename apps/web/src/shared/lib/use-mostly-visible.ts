import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether most of an element (`share`, 0-1, of its area) is inside the viewport; follows it as the page
 * scrolls. Without IntersectionObserver it answers false: nothing starts on its own.
 */
export function useMostlyVisible(ref: RefObject<Element | null>, share = 0.6): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setVisible(entry.isIntersecting && entry.intersectionRatio >= share);
      },
      { threshold: [0, share] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, share]);
  return visible;
}

interface NetworkInformationLike {
  saveData?: boolean;
}

/** Has the person turned on their browser's or system's data saver? Then nothing plays on its own. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}
