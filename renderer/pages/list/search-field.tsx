// One search condition drawn by its widget: text, number, select, date, dateRange or multi.
import { Input, makeStyles } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { Select } from '../../components/select/select.tsx';
import { dictionaryOf, useConditionOptions } from './condition-options.ts';
import { DateInput } from '../../fields/dates/date-input.tsx';
import { fromPickerDay, toPickerDay } from '../../fields/dates/shanghai-day.ts';
import { DAY_MS } from './date-shortcuts.ts';
import { DateRangeField, type DateRangeValue } from './date-range-field.tsx';
import type { DictionaryCache } from './dictionary-cache.ts';
import type { ListCondition, ListPageSchema, Scalar, SearchValue } from './list-types.ts';
import { MultiValueField } from './multi-value-field.tsx';
import { operatorOf } from './search-body.ts';

const useStyles = makeStyles({ input: { width: '180px' }, date: { width: '140px' } });

export interface SearchFieldProps {
  env: Env;
  cache: DictionaryCache;
  page: ListPageSchema;
  cond: ListCondition;
  label: string;
  value: SearchValue;
  onChange: (value: SearchValue) => void;
  onEnter: () => void;
}

/**
 * A select condition fed by a lookup list (up to 1000 records, one server call each) reads it when
 * its dropdown first opens, not when the list mounts: most searches leave most selects closed.
 * Dictionary options are read at once: they come through the page's dictionary cache, usually
 * shared with the table's own columns. Until it opens, a lookup condition is asked for as a plain
 * text one, which needs no options.
 */
function SelectCondition({ env, cache, page, cond, label, value, onChange }: Omit<SearchFieldProps, 'onEnter'>) {
  const [opened, setOpened] = useState(false);
  const lazy = !dictionaryOf(page, cond.field, cond.dictionary);
  const idle = useMemo(() => ({ ...cond, widget: 'text' as const }), [cond]);
  const options = useConditionOptions(env, cache, page, lazy && !opened ? idle : cond);
  return (
    <Select
      aria-label={label}
      options={options}
      multiple={operatorOf(page, cond) === 'in'}
      value={value as Scalar | Scalar[] | undefined}
      onChange={onChange}
      onOpen={lazy ? () => setOpened(true) : undefined}
    />
  );
}

export function SearchField(props: SearchFieldProps) {
  const { cond, label, value, onChange, onEnter } = props;
  const styles = useStyles();
  const enter = (e: { key: string }) => e.key === 'Enter' && onEnter();
  switch (cond.widget) {
    case 'select':
      return <SelectCondition {...props} />;
    case 'dateRange':
      return <DateRangeField label={label} value={value as DateRangeValue} onChange={onChange} />;
    case 'date': {
      const from = Array.isArray(value) ? (value[0] as number | null) : null;
      return (
        <DateInput
          className={styles.date}
          aria-label={label}
          value={toPickerDay(from)}
          onChange={(d) => {
            const day = d ? fromPickerDay(d) : null;
            // The whole day: a range operator gets [start, end]; an '=' one gets its start.
            onChange(day === null ? undefined : [day, day + DAY_MS - 1]);
          }}
        />
      );
    }
    case 'multi':
      return <MultiValueField label={label} value={value as string[] | undefined} onChange={onChange} onEnter={onEnter} />;
    case 'number':
      return (
        <Input
          size="small"
          type="number"
          className={styles.input}
          aria-label={label}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(_e, d) => onChange(d.value === '' || !Number.isFinite(Number(d.value)) ? undefined : Number(d.value))}
          onKeyDown={enter}
        />
      );
    default:
      return (
        <Input
          size="small"
          className={styles.input}
          aria-label={label}
          placeholder="请输入"
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(_e, d) => onChange(d.value)}
          onKeyDown={enter}
        />
      );
  }
}
