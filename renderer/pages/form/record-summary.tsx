// What an action dialog shows of its record above the fields (`form.summary`: [{field, title}] read
// from the before call's answer, a field or a dotted path): the waybill number, the vehicle, the step the action leaves.
import { makeStyles, tokens } from '@fluentui/react-components';
import { pathValue } from './action-form.ts';

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: `0 0 ${tokens.spacingVerticalM}` },
  item: { display: 'flex', columnGap: tokens.spacingHorizontalS, margin: 0 },
  label: { color: tokens.colorNeutralForeground3, margin: 0 },
  value: { margin: 0 },
});

export function RecordSummary({ items, record }: { items: { field: string; title: string }[]; record: Record<string, unknown> }) {
  const s = useStyles();
  return (
    <dl className={s.list}>
      {items.map(({ field, title }) => {
        const value = pathValue(record, field);
        return (
          <div key={field} className={s.item}>
            <dt className={s.label}>{title}：</dt>
            <dd className={s.value}>{value === null || value === undefined || value === '' ? '—' : String(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
