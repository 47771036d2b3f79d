// Renders its children once their place has scrolled into view: the dashboard's map card sits below the
// first screen, and maplibre with its tiles would otherwise double what a first visit downloads
// (tests/e2e/transfer-size.spec.ts keeps that under 350 KB).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: '100px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return <div ref={ref}>{seen ? children : placeholder}</div>;
}
