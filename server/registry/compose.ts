// A page as one user gets it: the extends chain merged, the corporation's overlay applied, what the
// user may not use removed, and the user's own column and search settings applied last.
import type { Action, Column, Condition, PageFile, Registry, VariantFile } from './types.ts';

type Keyed = { field?: string; id?: string };
const keyOf = (item: Keyed) => item.field ?? item.id ?? '';

/** Arrays of objects merge by field or id (child entries override and extend); others replace. */
function merge(base: PageFile, child: PageFile): PageFile {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(child)) {
    const b = (base as Record<string, unknown>)[k];
    if (Array.isArray(v) && Array.isArray(b) && v.every((x) => x && typeof x === 'object')) {
      const merged = new Map<string, Keyed>((b as Keyed[]).map((x) => [keyOf(x), x]));
      for (const x of v as Keyed[]) merged.set(keyOf(x), { ...merged.get(keyOf(x)), ...x });
      out[k] = [...merged.values()];
    } else out[k] = v;
  }
  return out as PageFile;
}

export function resolveExtends(reg: Registry, id: string): PageFile | undefined {
  const page = reg.pages.get(id);
  if (!page) return undefined;
  if (!page.extends) return page;
  const { extends: parent, ...own } = page;
  return merge(resolveExtends(reg, parent)!, own as PageFile);
}

export function applyVariant(page: PageFile, variant: VariantFile | undefined, layer: string): PageFile {
  if (!variant) return page;
  const hidden = new Set(variant.hide ?? []);
  const relabel = variant.relabel ?? {};
  const label = <T extends Keyed & { title?: string; label?: string }>(x: T): T => {
    const text = relabel[keyOf(x)];
    if (!text) return x;
    return 'label' in x || !('field' in x) ? { ...x, label: text } : { ...x, title: text };
  };
  let columns = [...(page.columns ?? []), ...(variant.addColumns ?? [])].filter((c) => !hidden.has(c.field)).map(label);
  if (variant.order) {
    const rank = (c: Column) => (variant.order!.includes(c.field) ? variant.order!.indexOf(c.field) : variant.order!.length);
    columns = columns.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map((x) => x.c);
  }
  const layers: Record<string, string> = { ...(page.layers as Record<string, string> | undefined) };
  for (const key of [...hidden, ...Object.keys(relabel), ...(variant.addColumns ?? []).map((c) => c.field), ...(variant.addActions ?? []).map((a) => a.id)]) {
    layers[key] = layer;
  }
  return {
    ...page,
    title: variant.title ?? page.title,
    columns,
    search: page.search?.filter((s) => !hidden.has(s.field)).map(label),
    actions: [...(page.actions ?? []), ...(variant.addActions ?? [])].filter((a) => !hidden.has(a.id)).map(label),
    layers,
  };
}

function withoutLink(c: Column): Column {
  const { link: _link, ...rest } = c;
  return rest;
}

export function removeForbidden(page: PageFile, ops: ReadonlySet<string>): PageFile {
  const allowed = (x: { operationId?: string }) => !x.operationId || ops.has(x.operationId);
  return {
    ...page,
    // A business-jump column needs 5023; a fixed (disabled) one is the record's identity (the waybill
    // number of a waybill list), so it stays without its link instead.
    columns: page.columns
      ?.filter((c) => allowed(c) && (c.link === undefined || ops.has('5023') || c.disabled))
      .map((c) => (c.link !== undefined && !ops.has('5023') ? withoutLink(c) : c)),
    actions: page.actions?.filter((a: Action) => allowed(a)),
  };
}

export interface FieldSetting {
  fieldId: string;
  display: boolean;
}

/** The user's order and visibility; fields the settings do not know keep their schema defaults. */
export function applySettings<T extends Column | Condition>(items: T[] | undefined, settings: FieldSetting[] | undefined): T[] | undefined {
  if (!items || !settings) return items;
  const byField = new Map(items.map((i) => [i.field, i]));
  const ordered = settings.filter((s) => byField.has(s.fieldId)).map((s) => ({ ...byField.get(s.fieldId)!, hidden: !s.display && !byField.get(s.fieldId)!.disabled }));
  const rest = items.filter((i) => !settings.some((s) => s.fieldId === i.field));
  return [...ordered, ...rest];
}
