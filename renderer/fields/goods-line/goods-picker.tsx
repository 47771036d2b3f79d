// The 货品 picker of an order goods line: a category dropdown (全部类别 by default) and a searchable
// combobox over the catalogue, each option "编码 名称" with its category, unit, weight per unit and
// cold-chain band underneath. Typing searches by code or name after the usual debounce.
import { Combobox, Dropdown, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { useDictionary } from '../dictionaries.ts';
import { SEARCH_DEBOUNCE_MS } from '../reference-widget.tsx';
import { goodsDescription, goodsLabel, searchCatalogueGoods, type CatalogueGoods } from './goods-catalogue.ts';

const ALL = '';
const useStyles = makeStyles({
  row: { display: 'flex', gap: '6px', minWidth: 0 },
  category: { minWidth: '96px', width: '96px' },
  search: { flexGrow: 1, minWidth: 0 },
  option: { display: 'flex', flexDirection: 'column' },
  description: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

interface Props {
  id: string;
  env: Env;
  disabled?: boolean;
  /** The goods the line holds now (an edited order's line is named by its code and name). */
  value: Pick<CatalogueGoods, 'id' | 'goodsCode' | 'goodsName'> | null;
  onPick: (goods: CatalogueGoods | null) => void;
}

export function GoodsPicker({ id, env, disabled, value, onPick }: Props) {
  const s = useStyles();
  const categories = useDictionary(env, 'goodsCategory');
  const [category, setCategory] = useState(ALL);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<CatalogueGoods[]>([]);
  const [loading, setLoading] = useState(false);
  const seen = useRef(new Map<number, CatalogueGoods>());

  useEffect(() => {
    if (!open) return;
    let live = true;
    const query = text ?? '';
    const timer = setTimeout(() => {
      setLoading(true);
      searchCatalogueGoods(env.api, query, category === ALL ? undefined : Number(category))
        .then((rows) => {
          if (!live) return;
          for (const g of rows) seen.current.set(g.id, g);
          setFound(rows);
        })
        .catch(() => undefined)
        .finally(() => live && setLoading(false));
    }, text ? SEARCH_DEBOUNCE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [env, open, text, category]);

  const categoryLabel = (g: CatalogueGoods) => categories.find((c) => String(c.id) === String(g.goodsCategory))?.label;
  const categoryText = category === ALL ? '全部类别' : (categories.find((c) => String(c.id) === category)?.label ?? '');

  return (
    <div className={s.row}>
      <Dropdown
        className={s.category}
        size="small"
        aria-label="货品类别"
        disabled={disabled}
        value={categoryText}
        selectedOptions={[category]}
        expandIcon={{ 'aria-label': '展开选项' }}
        onOptionSelect={(_, d) => setCategory(d.optionValue ?? ALL)}
      >
        <Option value={ALL}>全部类别</Option>
        {categories.map((c) => (
          <Option key={String(c.id)} value={String(c.id)}>
            {c.label}
          </Option>
        ))}
      </Dropdown>
      <Combobox
        id={id}
        className={s.search}
        size="small"
        placeholder="输入货品编码或名称搜索"
        disabled={disabled}
        clearable
        expandIcon={{ 'aria-label': '展开选项' }}
        value={text ?? (value ? goodsLabel(value) : '')}
        selectedOptions={value ? [String(value.id)] : []}
        onChange={(e) => setText(e.target.value)}
        onOpenChange={(_, d) => setOpen(d.open)}
        onBlur={() => setText(null)}
        onOptionSelect={(_, d) => {
          setText(null);
          onPick(d.optionValue === undefined ? null : (seen.current.get(Number(d.optionValue)) ?? null));
        }}
      >
        {loading && found.length === 0 ? (
          <Option value="" text="" disabled>
            <Spinner size="tiny" />
          </Option>
        ) : found.length === 0 ? (
          <Option value="" disabled>
            暂无数据
          </Option>
        ) : (
          found.map((g) => (
            <Option key={g.id} value={String(g.id)} text={goodsLabel(g)}>
              <span className={s.option}>
                <span>{goodsLabel(g)}</span>
                <span className={s.description}>{goodsDescription(g, categoryLabel(g))}</span>
              </span>
            </Option>
          ))
        )}
      </Combobox>
    </div>
  );
}
