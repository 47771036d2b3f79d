// Renders its children once their place has come into view (and a moment after): the dashboard's map card sits below the
// first screen, and maplibre with its tiles would otherwise double what a first visit downloads
// (tests/e2e/transfer-size.spec.ts keeps that under 350 KB).
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How long a card in view waits before it loads its heavy part. */
const DEFER_MS = 1500;

export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    // Once seen, after a short wait: what the first screen shows (figures, charts) arrives first, and the
    // map, the heaviest part, follows it even when a short dashboard puts its card in view at once.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && timer === undefined) timer = setTimeout(() => setSeen(true), DEFER_MS);
    }, { rootMargin: '100px' });
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [seen]);
  return <div ref={ref}>{seen ? children : placeholder}</div>;
}
