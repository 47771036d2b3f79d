// The timeline/axis of spec section 2: horizontal (content above the axis, time below) or vertical
// (time, axis, content side by side). Sizes and colours are the spec's section 9 constants.
import { makeStyles, tokens } from '@fluentui/react-components';
import type { CSSProperties, ReactNode } from 'react';

export const TIMELINE_DEFAULTS = {
  mode: 'horizontal',
  itemWidth: 200,
  forwardHeight: 40,
  axisHeight: 20,
  reverseHeight: 40,
  circleSize: 12,
  timeWidth: 100,
  color: '#46BFEA',
  lineColor: '#d3d3d3',
} as const;

export interface TimelineItem {
  key?: string | number;
  /** Required on every item when the axis sorts. */
  index?: number;
  time?: ReactNode;
  /** Above the axis (horizontal) or beside it (vertical). */
  content?: ReactNode;
  /** Below the axis in horizontal mode, under the content in vertical mode. */
  reverse?: ReactNode;
  color?: string;
}

export interface TimelineAxisProps {
  items: TimelineItem[];
  mode?: 'horizontal' | 'vertical';
  /** Order by each item's `index`; true means ascending. */
  sort?: boolean | 'asc' | 'desc';
  itemWidth?: number;
  forwardHeight?: number;
  axisHeight?: number;
  reverseHeight?: number;
  circleSize?: number;
  timeWidth?: number;
  color?: string;
  lineColor?: string;
  'aria-label'?: string;
}

/** The items in display order. A sorted axis with an item lacking `index` is a caller's bug: say so loudly. */
export function orderTimelineItems(items: TimelineItem[], sort: TimelineAxisProps['sort']): TimelineItem[] {
  if (!sort) return items;
  const missing = items.findIndex((i) => typeof i.index !== 'number' || Number.isNaN(i.index));
  if (missing >= 0) throw new Error(`时间轴排序（sort）时每一项都必须有 index：第 ${missing + 1} 项缺少 index`);
  const sign = sort === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => sign * (a.index! - b.index!));
}

const useStyles = makeStyles({
  horizontal: { display: 'flex', overflowX: 'auto', listStyle: 'none', margin: 0, padding: 0 },
  vertical: { display: 'flex', flexDirection: 'column', listStyle: 'none', margin: 0, padding: 0 },
  hItem: { display: 'flex', flexDirection: 'column', flexShrink: 0 },
  forward: { display: 'flex', alignItems: 'flex-end', justifyContent: 'center', overflow: 'hidden', textAlign: 'center' },
  reverse: { display: 'flex', flexDirection: 'column', alignItems: 'center', overflow: 'hidden', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  axis: { position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  circle: { boxSizing: 'border-box', borderRadius: '50%', backgroundColor: tokens.colorNeutralBackground1, zIndex: 1, flexShrink: 0 },
  vItem: { display: 'flex', columnGap: tokens.spacingHorizontalS },
  time: { flexShrink: 0, textAlign: 'right', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  vAxis: { position: 'relative', display: 'flex', justifyContent: 'center', flexShrink: 0 },
  vContent: { flex: 1, minWidth: 0, paddingBottom: tokens.spacingVerticalL },
});

export function TimelineAxis(props: TimelineAxisProps) {
  const o = { ...TIMELINE_DEFAULTS, ...props };
  const styles = useStyles();
  const items = orderTimelineItems(props.items, props.sort);
  const circle = (item: TimelineItem): CSSProperties => ({
    width: o.circleSize,
    height: o.circleSize,
    border: `2px solid ${item.color ?? o.color}`,
  });

  if (o.mode === 'vertical') {
    const axisWidth = o.circleSize + 8;
    return (
      <ol className={styles.vertical} aria-label={props['aria-label']}>
        {items.map((item, i) => (
          <li key={item.key ?? i} className={styles.vItem}>
            <div className={styles.time} style={{ width: o.timeWidth }}>{item.time}</div>
            <div className={styles.vAxis} style={{ width: axisWidth }}>
              {i < items.length - 1 && (
                <span style={{ position: 'absolute', top: o.circleSize, bottom: 0, width: 1, backgroundColor: o.lineColor }} />
              )}
              <span className={styles.circle} style={{ ...circle(item), marginTop: 2 }} />
            </div>
            <div className={styles.vContent}>
              {item.content}
              {item.reverse}
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <ol className={styles.horizontal} aria-label={props['aria-label']}>
      {items.map((item, i) => {
        // The line runs from the first circle to the last, not past either end.
        const left = i === 0 ? '50%' : 0;
        const right = i === items.length - 1 ? '50%' : 0;
        return (
          <li key={item.key ?? i} className={styles.hItem} style={{ width: o.itemWidth }}>
            <div className={styles.forward} style={{ height: o.forwardHeight }}>{item.content}</div>
            <div className={styles.axis} style={{ height: o.axisHeight }}>
              {items.length > 1 && (
                <span style={{ position: 'absolute', left, right, top: '50%', height: 1, backgroundColor: o.lineColor }} />
              )}
              <span className={styles.circle} style={circle(item)} />
            </div>
            <div className={styles.reverse} style={{ height: o.reverseHeight }}>
              {item.time}
              {item.reverse}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
