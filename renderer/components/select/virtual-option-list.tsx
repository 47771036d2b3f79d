// The dropdown's options as a virtual list, so a select fed by a 1000-row lookup opens at once.
import { Checkbox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type KeyboardEvent } from 'react';
import { ITEM_HEIGHT, OVERSCAN, listHeightOf, type SelectOption } from './select-constants.ts';

const useStyles = makeStyles({
  scroll: { overflowY: 'auto', position: 'relative' },
  item: {
    position: 'absolute',
    left: 0,
    right: 0,
    height: `${ITEM_HEIGHT}px`,
    display: 'flex',
    alignItems: 'center',
    paddingLeft: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalS,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    fontSize: tokens.fontSizeBase200,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  disabled: { color: tokens.colorNeutralForegroundDisabled, cursor: 'not-allowed' },
  check: { pointerEvents: 'none' },
  empty: { padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export interface VirtualOptionListProps {
  options: SelectOption[];
  multiple: boolean;
  isSelected: (option: SelectOption) => boolean;
  onToggle: (option: SelectOption) => void;
  label?: string;
}

export function VirtualOptionList({ options, multiple, isSelected, onToggle, label }: VirtualOptionListProps) {
  const styles = useStyles();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ITEM_HEIGHT,
    overscan: OVERSCAN,
  });
  if (!options.length) return <div className={styles.empty}>暂无数据</div>;

  const onKey = (e: KeyboardEvent, option: SelectOption) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!option.disabled) onToggle(option);
    }
  };
  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label={label}
      aria-multiselectable={multiple || undefined}
      className={styles.scroll}
      style={{ height: listHeightOf(options.length) }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const option = options[item.index];
          const selected = isSelected(option);
          return (
            <div
              key={String(option.value)}
              role="option"
              aria-selected={selected}
              aria-disabled={option.disabled || undefined}
              tabIndex={option.disabled ? -1 : 0}
              title={option.label}
              className={mergeClasses(styles.item, selected && !multiple && styles.selected, option.disabled && styles.disabled)}
              style={{ transform: `translateY(${item.start}px)` }}
              onClick={() => !option.disabled && onToggle(option)}
              onKeyDown={(e) => onKey(e, option)}
            >
              {multiple && <Checkbox className={styles.check} size="medium" checked={selected} disabled={option.disabled} tabIndex={-1} aria-hidden />}
              {option.label}
            </div>
          );
        })}
      </div>
    </div>
  );
}
