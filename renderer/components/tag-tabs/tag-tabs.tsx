// The tag strip of the top bar (spec section 2): one tag per visited page; click switches, the ×
// closes, right-click offers 刷新 / 关闭 / 关闭其他. The strip scrolls with its arrow buttons.
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ChevronLeftRegular, ChevronRightRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { addTag, closeOthers, closeTag, readTags, refreshPath, withPinned, writeTags, type CloseResult, type Tag } from './tag-model.ts';
import { createTagScroller } from './tag-scroll.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' },
  arrow: {
    flexShrink: 0,
    width: '20px',
    height: '26px',
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground3,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  strip: { display: 'flex', columnGap: '4px', flexGrow: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    height: '26px',
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: '2px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
  },
  active: {
    backgroundColor: tokens.colorBrandBackground,
    border: `1px solid ${tokens.colorBrandBackground}`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  pinned: { paddingRight: tokens.spacingHorizontalS },
  label: { border: 'none', background: 'none', padding: 0, color: 'inherit', font: 'inherit', cursor: 'pointer' },
  close: {
    display: 'inline-flex',
    marginLeft: '2px',
    padding: '1px',
    border: 'none',
    borderRadius: tokens.borderRadiusCircular,
    background: 'none',
    color: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
});

export interface TagTabsProps {
  /** Tags are kept per user. */
  userId: number | string;
  /** The page on screen as a tag, or null when it takes none (e.g. the refresh detour). */
  current: Tag | null;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Shows a refusal, such as closing the last tag. */
  warn: (message: string) => void;
  /** The tag always shown first, without a close button (首页). */
  pinned?: Tag;
}

const session = () => (globalThis as { sessionStorage?: Storage }).sessionStorage;

export function TagTabs({ userId, current, navigate, warn, pinned }: TagTabsProps) {
  const styles = useStyles();
  const [stored, setTags] = useState<Tag[]>(() => readTags(session(), userId));
  const tags = useMemo(() => withPinned(stored, pinned), [stored, pinned]);
  const pinnedPath = pinned?.path;
  const strip = useRef<HTMLDivElement>(null);
  const scroller = useMemo(
    () => createTagScroller((dx) => {
      if (strip.current) strip.current.scrollLeft += dx;
    }),
    [],
  );
  useEffect(() => scroller.dispose, [scroller]);

  const { path, fullPath, title } = current ?? { path: '', fullPath: '', title: '' };
  useEffect(() => {
    if (path) setTags((old) => addTag(withPinned(old, pinned), { path, fullPath, title }));
  }, [path, fullPath, title, pinned]);
  useEffect(() => writeTags(session(), userId, tags), [userId, tags]);
  useEffect(() => {
    // Bring the active tag into view when it changes (jsdom has no scrollIntoView).
    strip.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [path, tags.length]);

  const apply = (result: CloseResult) => {
    if (result.refused) return warn(result.message);
    setTags(result.tags);
    if (result.next) navigate(result.next);
  };

  const arrow = (direction: -1 | 1) => (
    <button
      type="button"
      className={styles.arrow}
      aria-label={direction < 0 ? '向左滚动' : '向右滚动'}
      onPointerDown={() => scroller.press(direction)}
      onPointerUp={scroller.release}
      onPointerLeave={scroller.release}
      onClick={() => scroller.click(direction)}
    >
      {direction < 0 ? <ChevronLeftRegular /> : <ChevronRightRegular />}
    </button>
  );

  return (
    <div className={styles.root}>
      {arrow(-1)}
      <div ref={strip} className={styles.strip} role="tablist" aria-label="标签页">
        {tags.map((tag) => {
          const active = tag.path === path;
          const closable = tag.path !== pinnedPath;
          return (
            <Menu key={tag.path} openOnContext>
              <MenuTrigger disableButtonEnhancement>
                <span className={mergeClasses(styles.tag, !closable && styles.pinned, active && styles.active)} role="tab" aria-selected={active}>
                  <button type="button" className={styles.label} onClick={() => !active && navigate(tag.fullPath)}>
                    {tag.title}
                  </button>
                  {closable && (
                    <button
                      type="button"
                      className={styles.close}
                      aria-label={`关闭 ${tag.title}`}
                      onClick={() => apply(closeTag(tags, tag.path, path, pinnedPath))}
                    >
                      <DismissRegular fontSize={12} />
                    </button>
                  )}
                </span>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem icon={<ArrowClockwiseRegular />} onClick={() => navigate(refreshPath(tag), { replace: true })}>
                    刷新
                  </MenuItem>
                  {closable && <MenuItem onClick={() => apply(closeTag(tags, tag.path, path, pinnedPath))}>关闭</MenuItem>}
                  <MenuItem onClick={() => apply(closeOthers(tags, tag.path, path, pinnedPath))}>关闭其他</MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          );
        })}
      </div>
      {arrow(1)}
    </div>
  );
}
