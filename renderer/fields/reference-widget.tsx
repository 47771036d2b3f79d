// Fields holding another record's id (carrierId, orgId...): a searchable Fluent combobox over the
// referenced list, showing `record[label]` and keeping `record.id`. Arrays of ids pick several.
import { Combobox, Option, Spinner } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../env/api-client.ts';
import { formContextOf } from './form-context.ts';
import { fetchReferenceOptions, type RefOption } from './reference-options.ts';
import { WidgetLabel } from './widget-label.tsx';

/** Spec section 9: dropdown search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
const EMPTY_TEXT = '暂无数据';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

export function ReferenceWidget(props: WidgetProps) {
  const { id, name, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel, registry } = props;
  const { env, labels } = formContextOf(registry);
  const list = String(options.list ?? '');
  const labelKey = String(options.labelKey ?? 'name');
  const multiple = Array.isArray(value) || props.multiple === true;
  const values: unknown[] = multiple ? ((value as unknown[]) ?? []) : present(value) ? [value] : [];

  const [text, setText] = useState<string | null>(null); // null: not typing, show the selection
  const [found, setFound] = useState<RefOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  // Labels of everything seen, so a chosen value keeps its name when the next search no longer lists it.
  const known = useRef(new Map<string, string>());
  const initial = labels?.[name];
  if (initial && present(value) && !multiple && !known.current.has(String(value))) known.current.set(String(value), initial);

  const needLabels = multiple && values.some((v) => !known.current.has(String(v)));
  const query = text ?? '';
  useEffect(() => {
    if (!open && !needLabels) return;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      fetchReferenceOptions(env.api, list, labelKey, query)
        .then((rows) => {
          if (!live) return;
          for (const r of rows) known.current.set(String(r.id), r.label);
          setFound(rows);
        })
        .catch((err: Error) => live && !(err instanceof ApiError && err.code === 103) && env.notify.error(err.message))
        .finally(() => live && setLoading(false));
    }, query ? SEARCH_DEBOUNCE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [env, list, labelKey, query, open, needLabels]);

  // `known` fills as searches answer; each answer re-renders, so the labels here are current.
  const shown = values.map((v) => known.current.get(String(v)) ?? String(v)).join('，');
  const byKey = (key: string | undefined) => found.find((o) => String(o.id) === key)?.id;

  return (
    <>
      <WidgetLabel id={id} label={label} required={required} disabled={disabled} hideLabel={hideLabel} />
      <Combobox
        id={id}
        size="small"
        placeholder={props.placeholder || '请选择'}
        multiselect={multiple}
        clearable={!required}
        disabled={disabled || readonly}
        value={text ?? shown}
        selectedOptions={values.map(String)}
        onChange={(e) => setText(e.target.value)}
        onOpenChange={(_, d) => setOpen(d.open)}
        onOptionSelect={(_, d) => {
          setText(null);
          if (multiple) {
            const picked = d.selectedOptions.map((k) => byKey(k) ?? values.find((v) => String(v) === k)).filter(present);
            onChange(picked);
          } else onChange(d.optionValue === undefined ? options.emptyValue : byKey(d.optionValue));
        }}
        onBlur={() => {
          setText(null);
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      >
        {loading && found.length === 0 ? (
          <Option value="" text="" disabled>
            <Spinner size="tiny" />
          </Option>
        ) : found.length === 0 ? (
          <Option value="" disabled>
            {EMPTY_TEXT}
          </Option>
        ) : (
          found.map((o) => (
            <Option key={String(o.id)} value={String(o.id)}>
              {o.label}
            </Option>
          ))
        )}
      </Combobox>
    </>
  );
}
