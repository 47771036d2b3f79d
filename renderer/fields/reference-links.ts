// Reference fields that follow another reference field of the same form (the 派车 dialog: the
// driver list narrows to the chosen vehicle's carrier and starts at the vehicle's own driver).
// RJSF gives a widget only its own value, so the chosen record of each reference field is kept
// here, per form (keyed by the form's formContext object, which lives as long as the form).
import { useEffect, useState } from 'react';

export interface Chosen {
  row: Record<string, unknown> | null;
  /** True when the user picked it (follow-ups then fill), false for the form's starting value. */
  picked: boolean;
}

type Listener = (c: Chosen) => void;
interface FormLinks {
  chosen: Map<string, Chosen>;
  listeners: Map<string, Set<Listener>>;
}

const forms = new WeakMap<object, FormLinks>();

function linksOf(form: object): FormLinks {
  let links = forms.get(form);
  if (!links) forms.set(form, (links = { chosen: new Map(), listeners: new Map() }));
  return links;
}

export function publishChosen(form: object, field: string, chosen: Chosen) {
  const links = linksOf(form);
  links.chosen.set(field, chosen);
  for (const l of links.listeners.get(field) ?? []) l(chosen);
}

/** The record chosen in `field` of this form (undefined while that field has told nothing yet). */
export function useChosen(form: object, field: string | undefined): Chosen | undefined {
  const [chosen, setChosen] = useState<Chosen | undefined>(() => (field ? linksOf(form).chosen.get(field) : undefined));
  useEffect(() => {
    if (!field) return;
    const links = linksOf(form);
    const set = links.listeners.get(field) ?? new Set<Listener>();
    links.listeners.set(field, set);
    set.add(setChosen);
    setChosen(links.chosen.get(field));
    return () => void set.delete(setChosen);
  }, [form, field]);
  return chosen;
}

/**
 * ui:options.follow of a reference field: `field` is the reference it follows; `filter` maps a
 * list parameter to a column of the chosen record (carrierId ← carrierId); `fill` names the column
 * whose value this field takes when the user picks there (driverId); `waitText` is shown while
 * nothing is chosen there.
 */
export interface Follow {
  field: string;
  filter?: Record<string, string>;
  fill?: string;
  /** The chosen record's column naming the filled value (driverName), so it shows before any search. */
  fillLabel?: string;
  waitText?: string;
}

export function followOf(options: Record<string, unknown>): Follow | undefined {
  const f = options.follow as Follow | undefined;
  return f && typeof f.field === 'string' ? f : undefined;
}

/**
 * The form's plain values, for a reference field whose list depends on another field that is not a
 * reference (ui:options.paramsFrom: the 生成账单 dialog's 结算对象 lists carriers or customers by the
 * chosen 结算方向). The form page publishes its data on every change.
 */
const values = new WeakMap<object, { data: Record<string, unknown>; listeners: Set<() => void> }>();

function valuesOf(form: object) {
  let v = values.get(form);
  if (!v) values.set(form, (v = { data: {}, listeners: new Set() }));
  return v;
}

export function publishValues(form: object, data: Record<string, unknown>) {
  const v = valuesOf(form);
  v.data = data;
  for (const l of v.listeners) l();
}

/** The current values of `fields` in this form, as `{field: value}`; re-renders when one changes. */
export function useFormValues(form: object, fields: string[]): Record<string, unknown> {
  const key = fields.join(',');
  const read = () => Object.fromEntries(fields.map((f) => [f, valuesOf(form).data[f]]));
  const [current, setCurrent] = useState(read);
  useEffect(() => {
    const v = valuesOf(form);
    const listener = () => setCurrent((old) => {
      const next = read();
      return JSON.stringify(next) === JSON.stringify(old) ? old : next;
    });
    v.listeners.add(listener);
    listener();
    return () => void v.listeners.delete(listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fields are the key
  }, [form, key]);
  return current;
}
