// Status tabs (spec section 2: the order list shows status tabs with counts): one per dictionary
// item plus 'all'. `counts: 'each'` (the resource engine) counts each tab with its own call;
// `counts: 'grouped'` asks once and reads every tab's count from the answer (grouped-counts.ts).
import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { callApi, listCallOf } from './call-api.ts';
import { useDictionaries, type DictionaryCache } from './dictionary-cache.ts';
import type { ListCondition, ListPageSchema, Scalar } from './list-types.ts';
import { tabFilter } from './search-body.ts';
import { ALL, groupedCounts, tabsOf, type TabItem } from './grouped-counts.ts';

const useStyles = makeStyles({ count: { marginLeft: '2px' } });

export interface StatusTabsProps {
  env: Env;
  cache: DictionaryCache;
  page: ListPageSchema;
  conditions: ListCondition[];
  searchBody: Record<string, unknown>;
  /** Changes with every search and reload, so the counts follow the list. */
  version: number;
  value: Scalar | undefined;
  onChange: (value: Scalar | undefined) => void;
}

export function StatusTabs({ env, cache, page, conditions, searchBody, version, value, onChange }: StatusTabsProps) {
  const styles = useStyles();
  const tabs = page.tabs!;
  const dictKey = tabs.dictionary ?? page.fields?.[tabs.field]?.['x-dictionary'];
  const dictItems = useDictionaries(cache, dictKey ? [dictKey] : [])[dictKey ?? ''];
  const grouped = tabs.counts === 'grouped';
  const [counts, setCounts] = useState<Record<string, number>>({});
  // Grouped answers may name tabs the dictionary lacks (or there is no dictionary): keep their labels.
  const [answered, setAnswered] = useState<TabItem[]>([]);
  const items = useMemo(() => tabsOf(dictKey ? dictItems : [], answered, tabs.only), [dictKey, dictItems, answered, tabs.only]);

  useEffect(() => {
    const call = listCallOf(page, 'count');
    if (!call || (dictKey && !dictItems)) return;
    let live = true;
    if (grouped) {
      callApi<unknown>(env, call, { ...searchBody, ...tabs.countBody }, true).then(
        (answer) => {
          if (!live) return;
          const g = groupedCounts(answer, tabs.field);
          setCounts(g.counts);
          setAnswered(g.items);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }
    const keys: (Scalar | undefined)[] = [undefined, ...(dictItems ?? []).map((i) => i.id)];
    Promise.all(
      keys.map((key) =>
        callApi<number>(env, call, { ...searchBody, ...tabFilter(page, conditions, key) }, true).then(
          (n) => [key === undefined ? ALL : String(key), typeof n === 'number' ? n : 0] as const,
          () => null,
        ),
      ),
    ).then((pairs) => live && setCounts(Object.fromEntries(pairs.filter((p) => p !== null))));
    return () => {
      live = false;
    };
  }, [env, page, conditions, searchBody, dictKey, dictItems, grouped, tabs, version]);

  // A grouped answer leaves out the statuses it found no record in: those tabs count 0.
  const count = (key: string) => {
    const n = key in counts ? counts[key] : grouped && ALL in counts ? 0 : undefined;
    return n === undefined ? null : <span className={styles.count}>({n})</span>;
  };
  return (
    <TabList
      size="small"
      selectedValue={value === undefined ? ALL : String(value)}
      onTabSelect={(_e, data) => {
        const key = String(data.value);
        onChange(key === ALL ? undefined : items.find((i) => String(i.id) === key)?.id);
      }}
    >
      <Tab value={ALL}>
        {tabs.all ?? '全部'}
        {count(ALL)}
      </Tab>
      {items.map((item) => (
        <Tab key={String(item.id)} value={String(item.id)}>
          {item.label}
          {count(String(item.id))}
        </Tab>
      ))}
    </TabList>
  );
}
