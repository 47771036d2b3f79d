// Status tabs (spec section 2: the order list shows status tabs with counts): one per dictionary
// item plus 'all', each counted with the current search (POST /res/<r>/count).
import { Tab, TabList, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { callApi, listCallOf } from './call-api.ts';
import { useDictionaries, type DictionaryCache } from './dictionary-cache.ts';
import type { ListCondition, ListPageSchema, Scalar } from './list-types.ts';
import { tabFilter } from './search-body.ts';

const useStyles = makeStyles({ count: { marginLeft: '2px' } });
const ALL = '__all__';

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
  const items = useDictionaries(cache, dictKey ? [dictKey] : [])[dictKey ?? ''];
  const [counts, setCounts] = useState<Record<string, number>>({});

  useEffect(() => {
    const call = listCallOf(page, 'count');
    if (!call || !items) return;
    let live = true;
    const keys: (Scalar | undefined)[] = [undefined, ...items.map((i) => i.id)];
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
  }, [env, page, conditions, searchBody, items, version]);

  const count = (key: string) => (key in counts ? <span className={styles.count}>({counts[key]})</span> : null);
  return (
    <TabList
      size="small"
      selectedValue={value === undefined ? ALL : String(value)}
      onTabSelect={(_e, data) => {
        const key = String(data.value);
        onChange(key === ALL ? undefined : items?.find((i) => String(i.id) === key)?.id);
      }}
    >
      <Tab value={ALL}>
        {tabs.all ?? '全部'}
        {count(ALL)}
      </Tab>
      {(items ?? []).map((item) => (
        <Tab key={String(item.id)} value={String(item.id)}>
          {item.label}
          {count(String(item.id))}
        </Tab>
      ))}
    </TabList>
  );
}
