// The draggable bar labelled '拖拽' (spec section 2) that resizes a panel, e.g. the track page's bottom
// area. It only reports the new height; the owner keeps it and may store it.
import { makeStyles, tokens } from '@fluentui/react-components';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

export const RESIZE_LABEL = '拖拽';
const KEY_STEP = 10;

export interface ResizeBarProps {
  /** The panel's current height in px. */
  height: number;
  onResize: (height: number) => void;
  min?: number;
  max?: number;
  /** Where the bar sits on the panel: on its top edge dragging up grows it (the default), on its bottom edge dragging down does. */
  edge?: 'top' | 'bottom';
}

const useStyles = makeStyles({
  bar: {
    height: '12px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    cursor: 'row-resize',
    userSelect: 'none',
    touchAction: 'none',
    fontSize: tokens.fontSizeBase100,
    lineHeight: '12px',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground3,
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
});

export function clampHeight(height: number, min = 0, max = Number.POSITIVE_INFINITY): number {
  return Math.round(Math.min(max, Math.max(min, height)));
}

export function ResizeBar({ height, onResize, min = 0, max, edge = 'top' }: ResizeBarProps) {
  const styles = useStyles();
  const drag = useRef<{ y: number; height: number } | null>(null);
  const sign = edge === 'top' ? -1 : 1;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { y: e.clientY, height };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(clampHeight(drag.current.height + sign * (e.clientY - drag.current.y), min, max));
  };
  const end = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = e.key === 'ArrowUp' ? -KEY_STEP : e.key === 'ArrowDown' ? KEY_STEP : 0;
    if (!by) return;
    e.preventDefault();
    onResize(clampHeight(height + sign * by, min, max));
  };

  return (
    <div
      className={styles.bar}
      role="separator"
      aria-orientation="horizontal"
      aria-label={RESIZE_LABEL}
      aria-valuenow={height}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      title={RESIZE_LABEL}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
    >
      {RESIZE_LABEL}
    </div>
  );
}
