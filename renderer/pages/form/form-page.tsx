// Renders any `kind: 'form'` page: add, or update when the page has a `before` call loading the
// record, as a route or inside a dialog. Validation is the server's schema with the server's
// messages; the server's own code-100 verdict is shown under the field it names.
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createUploader } from '../../fields/upload/uploader.ts';
import type { HuoyunFormContext } from '../../fields/form-context.ts';
import { publishValues } from '../../fields/reference-links.ts';
import { LOADING_TEXT, PageError } from '../page-host.tsx';
import type { PageRendererProps } from '../page-types.ts';
import { FormFrame } from './form-frame.tsx';
import { addPayload, buildFormModel, formDataFrom, initialLabels, updatePayload, type FormData } from './form-model.ts';
import { HuoyunForm } from './form-theme.tsx';
import { translateString } from './form-translate.ts';
import { createTransformErrors, huoyunValidator } from './form-validator.ts';
import { fieldOfId, serverFieldErrors } from './server-errors.ts';
import { actionPayload, beforeBody, initialData, nextHref } from './action-form.ts';
import { RecordSummary } from './record-summary.tsx';
import { picksDefaultBehavior } from './record-picks-widget.tsx';
import { FormAdvisories } from './form-advisories.tsx';
import { FormPreview } from './form-preview.tsx';

export const SAVE_TEXT = '保 存';
export const CANCEL_TEXT = '取 消';
/** A choice that opens another page (confirm business type) goes on rather than saves. */
export const OK_TEXT = '确 定';
export const SAVED_TEXT = '保存成功';
/** An action dialog's success (its list or detail then reloads). */
export const DONE_TEXT = '操作成功';

const useStyles = makeStyles({
  buttons: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
});

interface Loaded {
  record?: FormData;
  initial: FormData;
}

/** A routed page's query (?businessType= carried by a confirm dialog); a dialog has none of its own. */
const routeQuery = (inDialog: boolean | undefined) => new URLSearchParams(inDialog || typeof window === 'undefined' ? '' : window.location.search);

export function FormPage({ page, env, context }: PageRendererProps) {
  const s = useStyles();
  const model = useMemo(() => buildFormModel(page), [page]);
  const defaultBehavior = useMemo(
    () => picksDefaultBehavior((model.schema.properties ?? {}) as Record<string, unknown>, (model.uiSchema ?? {}) as Record<string, unknown>),
    [model],
  );
  const before = page.api?.before;
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(before ? null : { initial: initialData(page, undefined, {}, routeQuery(context.inDialog)) });
  const [data, setData] = useState<FormData>(() => (before ? {} : initialData(page, undefined, {}, routeQuery(context.inDialog))));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [saving, setSaving] = useState(false);
  // Errors show for fields the user has left, and for all of them once a save was tried.
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);

  useEffect(() => {
    if (!before) return;
    if (!context.id && !before.recordless) return setLoaded({ error: '缺少记录ID' });
    let live = true;
    const load =
      before.method === 'POST'
        ? env.api.post<FormData>(before.path, beforeBody(page, context.id, 'POST', routeQuery(context.inDialog)))
        : env.api.get<FormData>(before.path, beforeBody(page, context.id, 'GET', routeQuery(context.inDialog)) as Record<string, string>);
    load.then(
      (record) => {
        if (!live) return;
        const initial = initialData(page, record, formDataFrom(record, model.fields), routeQuery(context.inDialog));
        setLoaded({ record, initial });
        setData(initial);
      },
      (err: Error) => live && setLoaded({ error: err.message }),
    );
    return () => {
      live = false;
    };
  }, [env, before, context.id, context.inDialog, model, page]);

  const record = loaded && 'initial' in loaded ? loaded.record : undefined;
  const formContext = useMemo<HuoyunFormContext & { record?: FormData; recordId?: string }>(
    // `record` (the before call's answer) and the record id feed the recordOptions and recordPicks widgets of action dialogs.
    () => ({ env, labels: initialLabels(page, record), upload: createUploader(env), record, recordId: context.id }),
    [env, page, record, context.id],
  );
  // Widgets whose list depends on another field's value read it here (reference paramsFrom).
  useEffect(() => publishValues(formContext, data), [formContext, data]);
  const transformErrors = useMemo(
    () => createTransformErrors(model.schema, (f) => submitted.current || touched.current.has(f)),
    [model],
  );

  const close = (changed: boolean) => {
    context.onDone?.(changed);
    if (!context.inDialog) window.history.back();
  };

  const save = async (current: FormData) => {
    if (!loaded || !('initial' in loaded)) return;
    const next = page.form?.next;
    if (next) {
      // A choice made before another page (confirm business type): checked by the submit route's
      // schema like any form, then carried to that page, which saves.
      context.onDone?.(false);
      return env.navigate(nextHref(context.routeOf?.(next.page) ?? `/page/${next.page}`, next.carry, current));
    }
    const submit = page.api?.submit;
    if (!submit) return env.notify.error(`页面 ${page.id} 没有配置保存接口`);
    // Action dialogs send every field with the record's id and version; update forms what changed.
    const body =
      page.form?.payload === 'all'
        ? actionPayload(page, current, model.fields, context.id, loaded.record)
        : loaded.record
          ? updatePayload(loaded.initial, current, model.fields, loaded.record.id, loaded.record.version)
          : addPayload(current, model.fields);
    setSaving(true);
    try {
      await env.api.post(submit.path, body);
      env.notify.success(page.form?.payload === 'all' ? DONE_TEXT : SAVED_TEXT);
      close(true);
    } catch (err) {
      // The client has already shown the message; a named field also gets it in place.
      const marks = serverFieldErrors(err, model.fields);
      if (marks) setExtraErrors(marks);
    } finally {
      setSaving(false);
    }
  };

  const onChange = (e: IChangeEvent<FormData>) => {
    const next = e.formData ?? {};
    // A field that is part of the page's address (the business type of a per-type setting) opens the page for its new value.
    const moved = context.inDialog ? undefined : before?.query?.find((k) => !same(next[k], data[k]));
    if (moved) return env.navigate(addressWith(moved, next[moved]), { replace: true });
    // A server verdict on a field stands until that field is edited.
    if (extraErrors) {
      const left = Object.fromEntries(Object.entries(extraErrors).filter(([f]) => same(next[f], data[f])));
      setExtraErrors(Object.keys(left).length ? (left as ErrorSchema) : undefined);
    }
    setData(next);
  };

  let body;
  if (loaded && 'error' in loaded) body = <PageError title={`数据加载失败：${page.title}`} detail={loaded.error} />;
  else if (!loaded) body = <Spinner label={LOADING_TEXT} />;
  else
    body = (
      <HuoyunForm
        schema={model.schema}
        uiSchema={model.uiSchema}
        formData={data}
        formContext={formContext}
        experimental_defaultFormStateBehavior={defaultBehavior}
        validator={huoyunValidator}
        transformErrors={transformErrors}
        translateString={translateString}
        extraErrors={extraErrors}
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        disabled={saving}
        onChange={onChange}
        onBlur={(id) => {
          const field = fieldOfId(id, model.fields);
          if (field) touched.current.add(field);
        }}
        onError={() => undefined}
        onSubmit={(e) => void save(e.formData ?? {})}
      >
        {/* An advisory's body may name a field of the loaded record too (派车's waybill id), which the form does not hold. */}
        {page.form?.advisories && <FormAdvisories advisories={page.form.advisories} data={{ ...(loaded && 'record' in loaded ? loaded.record : {}), ...data }} env={env} />}
        <div className={s.buttons}>
          <Button
            size="small"
            appearance="primary"
            type="submit"
            disabled={saving}
            // Keep focus in the field being edited: its blur would validate it and show its error
            // above this button before mouseup, moving the button away so the click (and the save
            // with every field checked) is lost. The submit validates that field anyway.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => (submitted.current = true)}
          >
            {page.form?.next ? OK_TEXT : SAVE_TEXT}
          </Button>
          <Button size="small" type="button" disabled={saving} onClick={() => close(false)}>
            {CANCEL_TEXT}
          </Button>
          {page.form?.preview && (
            <FormPreview env={env} path={page.form.preview.path} data={data} fields={model.fields}
              recordId={loaded && 'record' in loaded ? (loaded.record?.id as number | undefined) : undefined} />
          )}
        </div>
      </HuoyunForm>
    );

  return (
    <FormFrame title={page.title} inDialog={context.inDialog} dialogTitled={context.dialogTitled} onClose={() => close(false)}>
      {page.form?.summary && record && <RecordSummary items={page.form.summary} record={record} />}
      {body}
    </FormFrame>
  );
}

function addressWith(key: string, value: unknown): string {
  const query = new URLSearchParams(window.location.search);
  if (value === null || value === undefined || value === '') query.delete(key);
  else query.set(key, String(value));
  const search = query.toString();
  return `${window.location.pathname}${search ? `?${search}` : ''}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

