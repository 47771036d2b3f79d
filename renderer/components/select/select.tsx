// The dropdown of spec section 2: search (debounced), select-all, clear and a virtual list.
// One value or many (`multiple`); values keep the type they came with (dictionary ids are numbers).
import {
  Button,
  Checkbox,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, type SelectOption, type SelectValue } from './select-constants.ts';
import { VirtualOptionList } from './virtual-option-list.tsx';

export type { SelectOption, SelectValue } from './select-constants.ts';

const useStyles = makeStyles({
  trigger: { justifyContent: 'space-between', fontWeight: tokens.fontWeightRegular, minWidth: 0 },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexGrow: 1, textAlign: 'left' },
  placeholder: { color: tokens.colorNeutralForeground4 },
  surface: { padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
});

export interface SelectProps {
  options: SelectOption[];
  value: SelectValue | SelectValue[] | null | undefined;
  onChange: (value: SelectValue | SelectValue[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  width?: number;
  disabled?: boolean;
  /** Called when the dropdown opens, so a caller can read its options only when someone looks. */
  onOpen?: () => void;
}

const same = (a: SelectValue, b: SelectValue) => String(a) === String(b);

/** The search text, but only once typing has paused (spec: 300 ms). */
function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

export function Select({ options, value, onChange, multiple = false, placeholder = '请选择', width = 180, disabled, onOpen, ...rest }: SelectProps) {
  const styles = useStyles();
  const label = rest['aria-label'];
  // Spec section 5: the select requires array data. A wrong feed is a configuration error: say so
  // loudly, but keep the page usable.
  if (!Array.isArray(options)) console.error(`Select${label ? `（${label}）` : ''}：options 必须是数组`);
  const all = Array.isArray(options) ? options : [];
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) onOpen?.();
    setOpenState(next);
  };
  // A list page shows several selects that are mostly never opened: the popover (positioning, focus
  // trap, dismiss handling) is created on the first click, so a closed select costs one button. It is
  // created closed and opened in the next commit, the same way every later open goes: opening
  // while mounting would miss the move of focus into it.
  const [created, setCreated] = useState(false);
  const openOnCreate = useRef(false);
  useEffect(() => {
    if (!created || !openOnCreate.current) return;
    openOnCreate.current = false;
    setOpen(true);
  });
  const create = () => {
    openOnCreate.current = true;
    setCreated(true);
  };
  const [query, setQuery] = useState('');
  const filter = useDebounced(query).trim().toLowerCase();

  const selected: SelectValue[] = value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
  const isSelected = (o: SelectOption) => selected.some((v) => same(v, o.value));
  const shown = useMemo(() => (filter ? all.filter((o) => o.label.toLowerCase().includes(filter)) : all), [all, filter]);
  const pickable = shown.filter((o) => !o.disabled);
  const allPicked = pickable.length > 0 && pickable.every(isSelected);
  const somePicked = pickable.some(isSelected);

  const emit = (next: SelectValue[]) => onChange(multiple ? (next.length ? next : undefined) : next[0]);
  const toggle = (o: SelectOption) => {
    if (!multiple) {
      emit([o.value]);
      setOpen(false);
      return;
    }
    emit(isSelected(o) ? selected.filter((v) => !same(v, o.value)) : [...selected, o.value]);
  };
  const toggleAll = () =>
    emit(allPicked ? selected.filter((v) => !pickable.some((o) => same(o.value, v))) : [...selected, ...pickable.filter((o) => !isSelected(o)).map((o) => o.value)]);

  const text = selected.map((v) => all.find((o) => same(o.value, v))?.label ?? String(v)).join('、');
  const trigger = (
    <Button
      size="small"
      className={styles.trigger}
      style={{ width }}
      disabled={disabled}
      aria-label={label}
      aria-haspopup="listbox"
      aria-expanded={open}
      icon={<ChevronDownRegular />}
      iconPosition="after"
      title={text || undefined}
      // Until the popover exists the button opens it itself; afterwards PopoverTrigger toggles it.
      onClick={created ? undefined : create}
    >
      <span className={text ? styles.text : `${styles.text} ${styles.placeholder}`}>{text || placeholder}</span>
    </Button>
  );
  if (!created) return trigger;
  return (
    <Popover open={open} onOpenChange={(_e, data) => setOpen(data.open)} positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>{trigger}</PopoverTrigger>
      <PopoverSurface className={styles.surface} style={{ width: Math.max(width, 200) }}>
        <Input
          size="small"
          contentBefore={<SearchRegular />}
          placeholder="搜索"
          aria-label="搜索"
          value={query}
          onChange={(_e, data) => setQuery(data.value)}
        />
        <div className={styles.bar}>
          {multiple ? (
            <Checkbox label="全选" checked={allPicked ? true : somePicked ? 'mixed' : false} disabled={!pickable.length} onChange={toggleAll} />
          ) : (
            <span />
          )}
          <Button size="small" appearance="transparent" icon={<DismissRegular />} disabled={!selected.length} onClick={() => emit([])}>
            清空
          </Button>
        </div>
        {/* Options may arrive after the dropdown opened (they are read on first open): a fresh list
            then measures its box with the options in it, instead of keeping the empty one's. */}
        <VirtualOptionList key={shown.length ? 'options' : 'empty'} options={shown} multiple={multiple} isSelected={isSelected} onToggle={toggle} label={label} />
      </PopoverSurface>
    </Popover>
  );
}
