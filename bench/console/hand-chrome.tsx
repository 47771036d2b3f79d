// The peer's search bar, toolbar and pager, written directly with Fluent UI v9 the way a hand-made
// page would: the same conditions (车牌号 text, 承运商 lookup select, 状态 and 冷机 dictionary
// selects, 更新时间 date range with its shortcut menu, 查询 / 重置), the same toolbar (新增, batch
// 删除, the settings gear) and the same pager (共 N 条, sizes, prev, pages, next, 前往). They work:
// values are kept, 查询 hands them to the page, the pager pages. Only the rendering is compared,
// so nothing here is slowed down or simplified relative to the generic page's first screen.
import {
  Button,
  Checkbox,
  Input,
  Label,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Select as NativeSelect,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  CalendarLtrRegular,
  ChevronDownRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  MoreHorizontalRegular,
  SettingsRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { DATE_SHORTCUTS, DAY_MS, fromDateText, toDateText } from '../../renderer/pages/list/date-shortcuts.ts';
import { PAGE_SIZES } from '../../renderer/pages/list/list-types.ts';
import { pageCountOf, pagerItems } from '../../renderer/pages/list/pager-model.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  item: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  row: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
  input: { width: '180px' },
  date: { width: '130px' },
  trigger: { justifyContent: 'space-between', fontWeight: tokens.fontWeightRegular, width: '180px' },
  placeholder: { color: tokens.colorNeutralForeground4 },
  surface: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, width: '200px', maxHeight: '260px', overflowY: 'auto' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  size: { width: '110px' },
  page: { minWidth: '28px', paddingLeft: 0, paddingRight: 0 },
  jump: { width: '56px' },
});

export interface Choice {
  id: number;
  label: string;
}
export interface HandFilters {
  vehicleNo?: string;
  carrierId?: number;
  status?: number[];
  coldMachine?: number[];
  updatedAt?: [number | null, number | null];
}

/** A select: a trigger button and, when opened, a searchable list with 全选 / 清空. */
function ChoiceSelect({ label, options, multiple, value, onChange }: { label: string; options: Choice[]; multiple: boolean; value: number[]; onChange: (v: number[]) => void }) {
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const text = options.filter((o) => value.includes(o.id)).map((o) => o.label).join('、');
  const shown = options.filter((o) => o.label.includes(query));
  const toggle = (id: number) => onChange(multiple ? (value.includes(id) ? value.filter((v) => v !== id) : [...value, id]) : [id]);
  return (
    <Popover positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button size="small" className={styles.trigger} aria-label={label} aria-haspopup="listbox" icon={<ChevronDownRegular />} iconPosition="after">
          <span className={text ? undefined : styles.placeholder}>{text || '请选择'}</span>
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Input size="small" placeholder="搜索" aria-label="搜索" value={query} onChange={(_e, d) => setQuery(d.value)} />
        <div className={styles.row}>
          {multiple && <Checkbox label="全选" checked={shown.length > 0 && shown.every((o) => value.includes(o.id))} onChange={() => onChange(shown.map((o) => o.id))} />}
          <Button size="small" appearance="transparent" disabled={!value.length} onClick={() => onChange([])}>清空</Button>
        </div>
        {shown.map((o) => (
          <Checkbox key={o.id} label={o.label} checked={value.includes(o.id)} onChange={() => toggle(o.id)} />
        ))}
      </PopoverSurface>
    </Popover>
  );
}

export function HandSearchBar({ carriers, status, yesNo, onSearch }: { carriers: Choice[]; status: Choice[]; yesNo: Choice[]; onSearch: (f: HandFilters) => void }) {
  const styles = useStyles();
  const [f, setF] = useState<HandFilters>({});
  const set = (patch: HandFilters) => setF((prev) => ({ ...prev, ...patch }));
  const [from, to] = f.updatedAt ?? [null, null];
  return (
    <div className={styles.bar} role="search">
      <div className={styles.item}>
        <Label size="small">车牌号</Label>
        <Input size="small" className={styles.input} aria-label="车牌号" placeholder="请输入" value={f.vehicleNo ?? ''}
          onChange={(_e, d) => set({ vehicleNo: d.value })} onKeyDown={(e) => e.key === 'Enter' && onSearch(f)} />
      </div>
      <div className={styles.item}>
        <Label size="small">承运商</Label>
        <ChoiceSelect label="承运商" options={carriers} multiple={false} value={f.carrierId ? [f.carrierId] : []} onChange={(v) => set({ carrierId: v[0] })} />
      </div>
      <div className={styles.item}>
        <Label size="small">状态</Label>
        <ChoiceSelect label="状态" options={status} multiple value={f.status ?? []} onChange={(v) => set({ status: v })} />
      </div>
      <div className={styles.item}>
        <Label size="small">冷机</Label>
        <ChoiceSelect label="冷机" options={yesNo} multiple value={f.coldMachine ?? []} onChange={(v) => set({ coldMachine: v })} />
      </div>
      <div className={styles.item}>
        <Label size="small">更新时间</Label>
        <Input size="small" type="date" className={styles.date} aria-label="更新时间开始" value={toDateText(from)} onChange={(_e, d) => set({ updatedAt: [fromDateText(d.value), to] })} />
        <span>至</span>
        <Input size="small" type="date" className={styles.date} aria-label="更新时间结束" value={toDateText(to)} onChange={(_e, d) => {
          const day = fromDateText(d.value);
          set({ updatedAt: [from, day === null ? null : day + DAY_MS - 1] });
        }} />
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<CalendarLtrRegular />} aria-label="更新时间快捷选择" title="快捷选择" />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {DATE_SHORTCUTS.map((s) => <MenuItem key={s.label} onClick={() => set({ updatedAt: s.range() })}>{s.label}</MenuItem>)}
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
      <div className={styles.row}>
        <Button size="small" appearance="primary" onClick={() => onSearch(f)}>查询</Button>
        <Button size="small" onClick={() => (setF({}), onSearch({}))}>重置</Button>
      </div>
    </div>
  );
}

export function HandToolbar({ selectedCount }: { selectedCount: number }) {
  const styles = useStyles();
  return (
    <div className={styles.row} role="toolbar" aria-label="操作">
      <Button size="small" appearance="primary">新增</Button>
      <Button size="small" disabled={selectedCount === 0}>删除</Button>
      <span className={styles.grow} />
      <Tooltip content="表格列和查询条件设置" relationship="label">
        <Button size="small" appearance="subtle" icon={<SettingsRegular />} />
      </Tooltip>
    </div>
  );
}

export function HandPager({ total, page, size, onPage, onSize }: { total: number; page: number; size: number; onPage: (p: number) => void; onSize: (s: number) => void }) {
  const styles = useStyles();
  const [jump, setJump] = useState('');
  const count = pageCountOf(total, size);
  const go = (p: number) => onPage(Math.min(Math.max(1, p), count));
  const doJump = () => {
    if (jump.trim() === '') return;
    go(Number(jump));
    setJump('');
  };
  return (
    <nav className={styles.pager} aria-label="分页">
      <Text size={200}>共 {total} 条</Text>
      <NativeSelect size="small" className={styles.size} aria-label="每页条数" value={String(size)} onChange={(_e, d) => onSize(Number(d.value))}>
        {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}条/页</option>)}
      </NativeSelect>
      <Button size="small" appearance="subtle" icon={<ChevronLeftRegular />} aria-label="上一页" disabled={page <= 1} onClick={() => go(page - 1)} />
      {pagerItems(page, count).map((item) =>
        typeof item === 'number' ? (
          <Button key={item} size="small" className={styles.page} appearance={item === page ? 'primary' : 'subtle'} onClick={() => go(item)}>{item}</Button>
        ) : (
          <Button key={item} size="small" className={styles.page} appearance="subtle" icon={<MoreHorizontalRegular />}
            aria-label={item === 'prev-more' ? '向前5页' : '向后5页'} onClick={() => go(item === 'prev-more' ? page - 5 : page + 5)} />
        ),
      )}
      <Button size="small" appearance="subtle" icon={<ChevronRightRegular />} aria-label="下一页" disabled={page >= count} onClick={() => go(page + 1)} />
      <span className={styles.row}>
        <Text size={200}>前往</Text>
        <Input size="small" type="number" className={styles.jump} aria-label="前往页" value={jump} onChange={(_e, d) => setJump(d.value)}
          onKeyDown={(e) => e.key === 'Enter' && doJump()} onBlur={doJump} />
        <Text size={200}>页</Text>
      </span>
    </nav>
  );
}
