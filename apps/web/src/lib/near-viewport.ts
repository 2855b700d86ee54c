import { useEffect, useState, type RefObject } from 'react';

/**
 * False until the element comes within `margin` of the viewport, then true for good: for a
 * section below the fold whose code and reads can wait until the person scrolls toward it, so a
 * phone's first load spends its link and main thread on what it shows first. Where the browser
 * has no IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref, margin, near]);
  return near;
}
