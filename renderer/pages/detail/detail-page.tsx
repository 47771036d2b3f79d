// Detail pages: one record read through `api.detail`, shown as titled sections of label/value pairs.
// Several sections get the anchor panel so a long record can be walked by its section tags.
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AnchorPanel } from '../../components/anchor-panel.tsx';
import { PageError, LOADING_TEXT } from '../page-host.tsx';
import type { PageRendererProps, PageSchema } from '../page-types.ts';
import { dictionariesFor, fieldLabel, formatValue, type FormatContext } from './format-value.ts';
import { useDictionaries } from './use-dictionaries.ts';
import { createDetailWidgets, type DetailWidgetName } from './detail-widgets.tsx';
import { DetailActions } from './detail-actions.tsx';
import { DetailTableSection } from './detail-table.tsx';

type Row = Record<string, unknown>;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM },
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalL },
  sectionTitle: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalS },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  item: { display: 'flex', columnGap: tokens.spacingHorizontalS, minWidth: 0, margin: 0 },
  label: { color: tokens.colorNeutralForeground3, flexShrink: 0, margin: 0 },
  value: { margin: 0, wordBreak: 'break-all' },
});

/** The call that reads the record: the page's own, or the resource engine's. */
export function detailCall(page: PageSchema): string | undefined {
  return page.api?.detail?.path ?? (page.resource ? `/res/${page.resource}/detail` : undefined);
}

function Section({ title, fields, record, ctx }: { title: string; fields: string[]; record: Row; ctx: FormatContext }) {
  const styles = useStyles();
  return (
    <SectionFrame title={title}>
      <dl className={styles.grid}>
        {fields.map((f) => (
          <div key={f} className={styles.item}>
            <dt className={styles.label}>{fieldLabel(ctx.page, f)}：</dt>
            <dd className={styles.value}>{formatValue(ctx, f, record[f])}</dd>
          </div>
        ))}
      </dl>
    </SectionFrame>
  );
}

/** A section's named widget (the waybill or order timeline) for this record, or an error naming it. */
function WidgetSection({ title, name, recordId, pageId }: { title: string; name: string; recordId: string; pageId: string }) {
  const widgets = useMemo(() => createDetailWidgets(), []);
  const Widget = Object.hasOwn(widgets, name) ? widgets[name as DetailWidgetName] : undefined;
  return (
    <SectionFrame title={title}>
      {Widget ? (
        <Suspense fallback={<Spinner size="small" label={LOADING_TEXT} />}>
          <Widget recordId={recordId} />
        </Suspense>
      ) : (
        <PageError title="未知的详情组件" detail={`页面 ${pageId} 的组件 ${name} 没有注册`} />
      )}
    </SectionFrame>
  );
}

/** A titled block of the detail: fields, a table or a widget sit inside it. */
function SectionFrame({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.section}>
      <Text weight="semibold" className={styles.sectionTitle}>
        {title}
      </Text>
      {children}
    </div>
  );
}

export function DetailPage({ page, env, context }: PageRendererProps) {
  const styles = useStyles();
  const [state, setState] = useState<{ record?: Row; error?: string }>({});
  // Bumped after an action changed the record: it and its widget sections are read again.
  const [version, setVersion] = useState(0);
  const path = detailCall(page);
  const sections = page.sections ?? [];
  const keys = useMemo(() => dictionariesFor(page, sections.flatMap((s) => s.fields ?? [])), [page, sections]);
  const { dictionaries, ready } = useDictionaries(env, keys);

  useEffect(() => {
    if (!path || !context.id) return;
    let live = true;
    setState({});
    env.api
      .get<Row>(path, { id: context.id }, { silent: true })
      .then((record) => live && setState({ record: record ?? {} }))
      .catch((err: Error) => live && setState({ error: err.message }));
    return () => {
      live = false;
    };
  }, [env, path, context.id, version]);

  if (!path) return <PageError title="页面配置错误" detail={`页面 ${page.id} 没有配置详情接口`} />;
  if (!context.id) return <PageError title="缺少记录" detail={`页面 ${page.id} 需要记录 id`} />;
  if (state.error) return <PageError title="详情加载失败" detail={state.error} />;
  if (!state.record || !ready) return <Spinner size="small" label={LOADING_TEXT} />;

  const ctx: FormatContext = { page, dictionaries };
  const blocks = sections.map((s, i) => ({
    key: String(i),
    title: s.title,
    content: s.widget ? (
      <WidgetSection key={version} title={s.title} name={s.widget} recordId={context.id!} pageId={page.id} />
    ) : s.table ? (
      <SectionFrame key={version} title={s.title}>
        <DetailTableSection table={s.table} record={state.record!} env={env} context={context} page={page} ctx={ctx} />
      </SectionFrame>
    ) : (
      <Section title={s.title} fields={s.fields ?? []} record={state.record!} ctx={ctx} />
    ),
  }));
  return (
    <div className={styles.root}>
      {!context.inDialog && <Text size={400} weight="semibold">{page.title}</Text>}
      <DetailActions actions={page.actions} record={state.record} env={env} context={context} reload={() => setVersion((v) => v + 1)} />
      {blocks.length > 1 ? <AnchorPanel sections={blocks} /> : blocks.map((b) => <div key={b.key}>{b.content}</div>)}
    </div>
  );
}
