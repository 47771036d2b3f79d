// The search bar: every shown condition of the page, then 查询 and 重置. It keeps what the user
// types as a draft; the list only reads values when 查询 (or Enter) applies them.
import { Button, Label, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import type { DictionaryCache } from './dictionary-cache.ts';
import type { ListCondition, ListPageSchema, SearchValue, SearchValues } from './list-types.ts';
import { SearchField } from './search-field.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  item: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS },
  buttons: { display: 'flex', columnGap: tokens.spacingHorizontalS },
});

export interface SearchBarProps {
  env: Env;
  cache: DictionaryCache;
  page: ListPageSchema;
  conditions: ListCondition[];
  onSearch: (values: SearchValues) => void;
  /** The values the bar starts with (a link's preset, already applied to the list). */
  initial?: SearchValues;
}

export function labelOfCondition(page: ListPageSchema, cond: ListCondition): string {
  return cond.label ?? page.fields?.[cond.field]?.title ?? cond.field;
}

export function SearchBar({ env, cache, page, conditions, onSearch, initial }: SearchBarProps) {
  const styles = useStyles();
  const [values, setValues] = useState<SearchValues>(() => initial ?? {});
  const shown = conditions.filter((c) => !c.hidden);
  if (!shown.length) return null;
  const set = (field: string, value: SearchValue) => setValues((prev) => ({ ...prev, [field]: value }));
  // Hidden conditions keep no value: a condition the user hid must not keep filtering unseen.
  const search = () => onSearch(Object.fromEntries(shown.map((c) => [c.field, values[c.field]])));
  return (
    <div className={styles.root} role="search">
      {shown.map((cond) => {
        const label = labelOfCondition(page, cond);
        return (
          <div key={cond.field} className={styles.item}>
            <Label size="small">{label}</Label>
            <SearchField
              env={env}
              cache={cache}
              page={page}
              cond={cond}
              label={label}
              value={values[cond.field]}
              onChange={(v) => set(cond.field, v)}
              onEnter={search}
            />
          </div>
        );
      })}
      <div className={styles.buttons}>
        <Button size="small" appearance="primary" onClick={search}>
          查询
        </Button>
        <Button
          size="small"
          onClick={() => {
            setValues({});
            onSearch({});
          }}
        >
          重置
        </Button>
      </div>
    </div>
  );
}
