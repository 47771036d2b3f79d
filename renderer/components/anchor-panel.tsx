// Long screens split into sections with a side list of tags that follows the scroll (spec section 2).
// Clicking a tag scrolls there and holds the highlight for a moment: without the lock, the scroll
// the click starts would move the highlight through every section it passes.
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Spec section 9: scroll debounce 100 ms, lock 1000 ms after a tag click. */
export const ANCHOR_SCROLL_DEBOUNCE_MS = 100;
export const ANCHOR_LOCK_MS = 1000;

export interface AnchorSection {
  key: string;
  title: string;
  content: ReactNode;
}

export interface AnchorPanelProps {
  sections: AnchorSection[];
  /** The content scrolls inside the panel, so it needs a bound. */
  maxHeight?: number | string;
  /** Highlighted section changed (by scrolling or a click). */
  onActiveChange?: (key: string) => void;
}

const useStyles = makeStyles({
  root: { display: 'flex', columnGap: tokens.spacingHorizontalM, minHeight: 0 },
  content: { flex: 1, minWidth: 0, overflowY: 'auto', position: 'relative' },
  tags: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, width: '120px', flexShrink: 0 },
  tag: { justifyContent: 'flex-start', borderLeft: `2px solid ${tokens.colorNeutralStroke2}`, borderRadius: 0 },
  active: { borderLeftColor: tokens.colorBrandStroke1, color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

export function AnchorPanel({ sections, maxHeight = 'calc(100vh - 160px)', onActiveChange }: AnchorPanelProps) {
  const styles = useStyles();
  const [active, setActive] = useState(sections[0]?.key ?? '');
  const container = useRef<HTMLDivElement>(null);
  const nodes = useRef(new Map<string, HTMLElement>());
  const lockedUntil = useRef(0);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(debounce.current), []);

  // The debounced spy runs after later renders; it reads the highlight from here, not its closure.
  const activeRef = useRef(active);
  const choose = (key: string) => {
    activeRef.current = key;
    setActive(key);
    onActiveChange?.(key);
  };

  const spy = () => {
    const box = container.current;
    if (!box || Date.now() < lockedUntil.current) return;
    const top = box.getBoundingClientRect().top;
    let current = sections[0]?.key ?? '';
    for (const s of sections) {
      const node = nodes.current.get(s.key);
      if (node && node.getBoundingClientRect().top - top <= 8) current = s.key;
    }
    // At the very bottom the last sections may be too short to reach the top edge.
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1 && sections.length) current = sections[sections.length - 1].key;
    if (current !== activeRef.current) choose(current);
  };

  const onScroll = () => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(spy, ANCHOR_SCROLL_DEBOUNCE_MS);
  };

  const jump = (key: string) => {
    lockedUntil.current = Date.now() + ANCHOR_LOCK_MS;
    choose(key);
    const box = container.current;
    const node = nodes.current.get(key);
    if (!box || !node) return;
    const top = box.scrollTop + node.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior: 'smooth' });
    else box.scrollTop = top;
  };

  return (
    <div className={styles.root}>
      <div ref={container} className={styles.content} style={{ maxHeight }} onScroll={onScroll}>
        {sections.map((s) => (
          <section
            key={s.key}
            aria-label={s.title}
            ref={(el) => {
              if (el) nodes.current.set(s.key, el);
              else nodes.current.delete(s.key);
            }}
          >
            {s.content}
          </section>
        ))}
      </div>
      <nav className={styles.tags} aria-label="页面导航">
        {sections.map((s) => (
          <Button
            key={s.key}
            size="small"
            appearance="subtle"
            className={mergeClasses(styles.tag, s.key === active && styles.active)}
            aria-current={s.key === active ? 'location' : undefined}
            onClick={() => jump(s.key)}
          >
            {s.title}
          </Button>
        ))}
      </nav>
    </div>
  );
}
