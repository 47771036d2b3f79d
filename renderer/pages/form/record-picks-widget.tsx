// A list field filled by ticking items of a list (`"ui:widget": "recordPicks"` on an array of
// objects): the goods-select dialog shows the order's goods lines with what is split, assigned and
// left, the user ticks lines and may change the quantity of each. ui:options:
//   {from | list (record-list.ts), where, columns: [{field, title}], pick: {to: from}, key, edit}
// `pick` maps a ticked item onto an entry of the field (goodsId ← goodsId, quantity ←
// remainingQuantity); `key` is the entry field naming the item; `edit` the one entry field the
// user may change in place. The entries go through the field's own schema, so the server's rules
// (quantity limits, at least one line) show as they would anywhere else.
import { Checkbox, Field, Input, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { LOADING_TEXT } from '../loading-text.ts';
import { useRecordList, type Item, type ListContext } from './record-list.ts';

export interface PickOptions {
  columns?: { field: string; title: string }[];
  pick: Record<string, string>;
  key: string;
  edit?: string;
}

/**
 * RJSF fills a list up to its minItems with empty entries; a picks list starts with nothing ticked
 * (its minItems still applies, as the field's own message). For the Form's
 * experimental_defaultFormStateBehavior, given the form's schema and uiSchema.
 */
export function picksDefaultBehavior(properties: Record<string, unknown>, uiSchema: Record<string, unknown>) {
  const picks = Object.keys(properties)
    .filter((f) => (uiSchema[f] as Record<string, unknown> | undefined)?.['ui:widget'] === 'recordPicks')
    .map((f) => JSON.stringify(properties[f]));
  if (!picks.length) return undefined;
  return { arrayMinItems: { computeSkipPopulate: (_validator: unknown, schema: unknown) => picks.includes(JSON.stringify(schema)) } };
}

export const entryOf = (item: Item, pick: Record<string, string>): Item => Object.fromEntries(Object.entries(pick).map(([to, from]) => [to, item[from]]));

/** Ticks or unticks an item: the entries keep the order of the list. */
export function toggle(entries: Item[], items: Item[], item: Item, o: PickOptions, on: boolean): Item[] {
  const id = item[o.pick[o.key]];
  const kept = entries.filter((e) => e[o.key] !== id);
  if (!on) return kept;
  const next = [...kept, entryOf(item, o.pick)];
  const order = (e: Item) => items.findIndex((i) => i[o.pick[o.key]] === e[o.key]);
  return next.sort((a, b) => order(a) - order(b));
}

/** Changes the editable field of one entry; an empty input leaves the field out (the schema then asks for it). */
export function edit(entries: Item[], o: PickOptions, id: unknown, text: string): Item[] {
  const value = text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text);
  return entries.map((e) => (e[o.key] === id ? { ...e, [o.edit!]: value } : e));
}

export function RecordPicksWidget({ id, value, label, required, disabled, readonly, onChange, options, registry, schema }: WidgetProps) {
  const o = options as unknown as PickOptions;
  const items = useRecordList(options, (registry.formContext ?? {}) as ListContext);
  const entries: Item[] = Array.isArray(value) ? value : [];
  const columns = o.columns ?? [];
  const editTitle = o.edit ? titleOf(schema, o.edit) : '';
  const change = (next: Item[]) => onChange(next.length ? next : undefined);
  let body;
  if (items === null) body = <Spinner size="tiny" label={LOADING_TEXT} />;
  else
    body = (
      <Table size="small" aria-label={label} id={id}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 40 }} />
            {columns.map((c) => (
              <TableHeaderCell key={c.field}>{c.title}</TableHeaderCell>
            ))}
            {o.edit && <TableHeaderCell>{editTitle}</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item, n) => {
            const key = item[o.pick[o.key]];
            const entry = entries.find((e) => e[o.key] === key);
            const name = String(item[columns[0]?.field ?? o.pick[o.key]] ?? key);
            return (
              <TableRow key={String(key ?? n)}>
                <TableCell>
                  <Checkbox aria-label={`选择 ${name}`} checked={Boolean(entry)} disabled={disabled || readonly} onChange={(_e, d) => change(toggle(entries, items, item, o, d.checked === true))} />
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.field}>{String(item[c.field] ?? '')}</TableCell>
                ))}
                {o.edit && (
                  <TableCell>
                    {entry && (
                      <Input size="small" type="number" aria-label={`${name} ${editTitle}`} disabled={disabled || readonly}
                        value={entry[o.edit] === undefined || entry[o.edit] === null ? '' : String(entry[o.edit])}
                        onChange={(_e, d) => change(edit(entries, o, key, d.value))} />
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  return (
    // The field's errors (at least one line) are shown by the form's field template, under the table.
    <Field label={label} required={required} size="small">
      {body}
    </Field>
  );
}

/** The title the field's schema gives the editable entry field (拆分数量). */
function titleOf(schema: WidgetProps['schema'], field: string): string {
  const items = schema.items as { properties?: Record<string, { title?: string }> } | undefined;
  return items?.properties?.[field]?.title ?? field;
}
