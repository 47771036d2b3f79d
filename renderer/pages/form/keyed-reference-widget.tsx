// A reference field whose list names its records' id under another key (`"ui:widget":
// "keyedReference"`, ui:options {list, labelKey, valueKey: 'areaId'}): the fence lists of spec
// section 7 answer areaId, not id. The console's reference widget is reused as it is; only the
// rows it reads are re-keyed, so search, labels and messages stay one implementation.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { ReferenceWidget } from '../../fields/reference-widget.tsx';

type Rows = { data?: Record<string, unknown>[] } | null;

export function rekeyRows(result: unknown, valueKey: string): unknown {
  const rows = (result as Rows)?.data;
  if (!Array.isArray(rows)) return result;
  return { ...(result as object), data: rows.map((r) => ({ ...r, id: r[valueKey] })) };
}

export function KeyedReferenceWidget(props: WidgetProps) {
  const valueKey = String(props.options.valueKey ?? 'id');
  const ctx = props.registry.formContext as { env: Env } & Record<string, unknown>;
  const registry = useMemo(() => {
    const api = { ...ctx.env.api, post: (async (path: string, body?: unknown, opts?: unknown) => rekeyRows(await ctx.env.api.post(path, body as never, opts as never), valueKey)) as Env['api']['post'] };
    return { ...props.registry, formContext: { ...ctx, env: { ...ctx.env, api } } };
  }, [props.registry, ctx, valueKey]);
  return <ReferenceWidget {...props} registry={registry} />;
}
