// Fields holding another record's id (carrierId, orgId...): a searchable Fluent combobox over the
// referenced list, showing `record[label]` and keeping `record.id`. Arrays of ids pick several.
// ui:options: list, labelKey; descriptionKey (a second line per option); params (filters sent
// with every request); publish (tell following fields what was chosen); follow (reference-links.ts:
// narrow this list by the record chosen in another field, and take a value from it when picked);
// paramsFrom ({param: field}: send another field's plain value with every request, wait until it has
// one, and clear this field when it changes — 结算对象 by 结算方向); waitText (said while waiting).
import { Combobox, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../env/api-client.ts';
import { formContextOf } from './form-context.ts';
import { fetchReferenceOptions, type RefOption } from './reference-options.ts';
import { followOf, publishChosen, useChosen, useFormValues } from './reference-links.ts';
import { WidgetLabel } from './widget-label.tsx';

/** Spec section 9: dropdown search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
const EMPTY_TEXT = '暂无数据';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

const useStyles = makeStyles({
  option: { display: 'flex', flexDirection: 'column' },
  description: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function ReferenceWidget(props: WidgetProps) {
  const { id, name, value, required, disabled, readonly, onChange, onBlur, onFocus, options, label, hideLabel, registry } = props;
  const styles = useStyles();
  const { env, labels } = formContextOf(registry);
  const form = registry.formContext as object;
  const list = String(options.list ?? '');
  const labelKey = String(options.labelKey ?? 'name');
  const descriptionKey = typeof options.descriptionKey === 'string' ? options.descriptionKey : undefined;
  const publish = options.publish === true;
  const follow = followOf(options);
  const chosen = useChosen(form, follow?.field);
  // Following another field: nothing to offer until a record is chosen there, then only what fits it.
  const paramsFrom = (options.paramsFrom ?? {}) as Record<string, string>;
  const fromValues = useFormValues(form, Object.values(paramsFrom));
  const fromParams = Object.fromEntries(Object.entries(paramsFrom).map(([param, field]) => [param, fromValues[field]]));
  const waiting = (!!follow?.filter && !chosen?.row) || Object.values(fromParams).some((v) => !present(v));
  const paramsKey = JSON.stringify({
    ...(options.params as Record<string, unknown> | undefined),
    ...fromParams,
    ...Object.fromEntries(Object.entries(follow?.filter ?? {}).map(([param, column]) => [param, chosen?.row?.[column]])),
  });
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

  // A value given without its label (an add form opened for one record, ?contractId=): its label is
  // asked of the list by id, so the record's name is shown, never its id.
  const [, labelled] = useState(0);
  const unlabelled = !multiple && present(value) && !known.current.has(String(value)) ? String(value) : undefined;
  useEffect(() => {
    if (unlabelled === undefined) return;
    let live = true;
    fetchReferenceOptions(env.api, { list, labelKey, descriptionKey, params: { id: Number(unlabelled) }, silent: true }, '')
      .then((rows) => {
        const hit = rows.find((r) => String(r.id) === unlabelled);
        if (!live || !hit) return;
        known.current.set(unlabelled, hit.label);
        labelled((n) => n + 1);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unlabelled, env, list, labelKey, descriptionKey]);

  // A field others follow tells them the record it starts with (a waybill's vehicle already set).
  const startValue = useRef(value);
  useEffect(() => {
    if (!publish || multiple) return;
    if (!present(startValue.current)) return publishChosen(form, name, { row: null, picked: false });
    let live = true;
    fetchReferenceOptions(env.api, { list, labelKey, descriptionKey, params: { id: startValue.current } }, '')
      .then((rows) => live && publishChosen(form, name, { row: rows.find((r) => String(r.id) === String(startValue.current))?.row ?? null, picked: false }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [publish, multiple, form, name, env, list, labelKey, descriptionKey]);

  // Another field this list depends on changed: what was picked belongs to the other list (a carrier
  // and a customer may share an id), so the choice and the labels seen go.
  const fromKey = JSON.stringify(fromParams);
  const lastFrom = useRef(fromKey);
  useEffect(() => {
    if (lastFrom.current === fromKey) return;
    lastFrom.current = fromKey;
    known.current.clear();
    setFound([]);
    if (present(value)) onChange(options.emptyValue);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the other field clears
  }, [fromKey]);

  // The user picked in the followed field: take the value it brings (the vehicle's own driver).
  const fill = follow?.fill;
  useEffect(() => {
    if (!fill || !chosen?.picked) return;
    const next = chosen.row?.[fill];
    if (present(next) && follow?.fillLabel && chosen.row?.[follow.fillLabel]) known.current.set(String(next), String(chosen.row[follow.fillLabel]));
    onChange(present(next) ? next : options.emptyValue);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new choice there fills this field
  }, [chosen]);

  useEffect(() => {
    if ((!open && !needLabels) || waiting) return;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      fetchReferenceOptions(env.api, { list, labelKey, descriptionKey, params: JSON.parse(paramsKey) as Record<string, unknown> }, query)
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
  }, [env, list, labelKey, descriptionKey, paramsKey, waiting, query, open, needLabels]);

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
        // Fluent's default name is English ('Open').
        expandIcon={{ 'aria-label': '展开选项' }}
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
          } else {
            onChange(d.optionValue === undefined ? options.emptyValue : byKey(d.optionValue));
            if (publish) publishChosen(form, name, { row: found.find((o) => String(o.id) === d.optionValue)?.row ?? null, picked: true });
          }
        }}
        onBlur={() => {
          setText(null);
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
        // Ties the message under the field to it, as the text inputs do (RJSF's error and help ids).
        aria-describedby={ariaDescribedByIds(id)}
      >
        {waiting ? (
          <Option value="" disabled>
            {follow?.waitText ?? (typeof options.waitText === 'string' ? options.waitText : EMPTY_TEXT)}
          </Option>
        ) : loading && found.length === 0 ? (
          <Option value="" text="" disabled>
            <Spinner size="tiny" />
          </Option>
        ) : found.length === 0 ? (
          <Option value="" disabled>
            {EMPTY_TEXT}
          </Option>
        ) : (
          found.map((o) => (
            <Option key={String(o.id)} value={String(o.id)} text={o.label}>
              {o.description ? (
                <span className={styles.option}>
                  <span>{o.label}</span>
                  <span className={styles.description}>{o.description}</span>
                </span>
              ) : (
                o.label
              )}
            </Option>
          ))
        )}
      </Combobox>
    </>
  );
}
