// Update-record pages: a record's writes as a vertical timeline, newest first, each with what it
// changed. '信息对比' lays two chosen versions (or the newest two) side by side.
import { Badge, Button, Checkbox, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { ContrastDialog, CONTRAST_TITLE } from '../../components/contrast-dialog.tsx';
import { TimelineAxis } from '../../components/timeline-axis.tsx';
import { dictionariesFor, type FormatContext } from '../detail/format-value.ts';
import { useDictionaries } from '../detail/use-dictionaries.ts';
import { LOADING_TEXT, PageError } from '../page-host.tsx';
import type { PageRendererProps, PageSchema } from '../page-types.ts';
import { ChangeTable } from './change-table.tsx';
import { ACTION_LABELS, comparedIndexes, contrastOf, entriesFromSnapshots, type HistoryEntry, type Snapshot } from './versions.ts';
import { keyValue } from '../form/action-form.ts';

function asEntries(rows: (HistoryEntry | Snapshot)[], fields: { field: string; title?: string }[]): HistoryEntry[] {
  if (rows.every((r) => Array.isArray((r as HistoryEntry).changes))) return rows as HistoryEntry[];
  return entriesFromSnapshots(rows as Snapshot[], fields);
}

/** Spec section 9: default page size 20. */
export const HISTORY_PAGE_SIZE = 20;

const ACTION_COLORS = { create: 'success', update: 'brand', delete: 'danger' } as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM },
  toolbar: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM },
  hint: { color: tokens.colorNeutralForeground3 },
  head: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalXS },
});

export function historyCall(page: PageSchema): string | undefined {
  return page.api?.history?.path ?? (page.resource ? `/res/${page.resource}/history` : undefined);
}

export function HistoryPage({ page, env, context }: PageRendererProps) {
  const styles = useStyles();
  const path = historyCall(page);
  // Rows are change entries (the resource engine) or whole saved versions (orders), turned into entries.
  const [rows, setRows] = useState<(HistoryEntry | Snapshot)[]>([]);
  const entries = useMemo(() => asEntries(rows, page.columns ?? []), [rows, page.columns]);
  const idKey = page.api?.history?.idParam ?? 'id';
  const [state, setState] = useState<{ loading: boolean; total: number; curPage: number; error?: string }>({ loading: true, total: 0, curPage: 0 });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [contrastOpen, setContrastOpen] = useState(false);
  // Every dictionary the resource declares: the loaded entries may touch any field.
  const keys = useMemo(() => dictionariesFor(page, [...Object.keys(page.fields ?? {}), ...(page.columns ?? []).map((c) => c.field)]), [page]);
  const { dictionaries, ready } = useDictionaries(env, keys);
  const ctx: FormatContext = { page, dictionaries };

  const load = (curPage: number) => {
    if (!path || !context.id) return () => {};
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    env.api
      .post<{ data: (HistoryEntry | Snapshot)[]; totalRecords: number }>(path, { [idKey]: keyValue(idKey, context.id), curPage, pageSize: HISTORY_PAGE_SIZE },
        // The first page's failure is shown in place of the page; a later page's as a toast.
        { silent: curPage === 1 })
      .then((r) => {
        if (!live) return;
        setRows((old) => (curPage === 1 ? r.data ?? [] : [...old, ...(r.data ?? [])]));
        setState({ loading: false, total: r.totalRecords ?? 0, curPage });
      })
      .catch((err: Error) => live && setState((s) => ({ ...s, loading: false, error: err.message })));
    return () => {
      live = false;
    };
  };

  // Reload only when the record or the call changes; `load` itself is rebuilt every render.
  useEffect(() => load(1), [env, path, context.id]);

  if (!path) return <PageError title="页面配置错误" detail={`页面 ${page.id} 没有配置修改记录接口`} />;
  if (!context.id) return <PageError title="缺少记录" detail={`页面 ${page.id} 需要记录 id`} />;
  if (state.error && !entries.length) return <PageError title="修改记录加载失败" detail={state.error} />;
  if ((state.loading && !entries.length) || !ready) return <Spinner size="small" label={LOADING_TEXT} />;

  const toggle = (id: number, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const contrast = contrastOpen ? contrastOf(entries, comparedIndexes(entries, chosen), ctx) : { columns: [], rows: [] };

  const items = entries.map((e) => ({
    key: e.id,
    time: e.changedAtStr,
    content: (
      <>
        <div className={styles.head}>
          <Checkbox
            aria-label={`选择对比：${e.changedAtStr ?? e.id}`}
            checked={chosen.has(e.id)}
            onChange={(_ev, d) => toggle(e.id, d.checked === true)}
          />
          <Badge appearance="tint" color={ACTION_COLORS[e.action] ?? 'informative'}>
            {ACTION_LABELS[e.action] ?? e.action}
          </Badge>
          <Text weight="semibold">{e.userName || '—'}</Text>
          <Text size={200} className={styles.hint}>{e.changedAtStr}</Text>
        </div>
        <ChangeTable changes={e.changes ?? []} ctx={ctx} />
      </>
    ),
  }));

  return (
    <div className={styles.root}>
      {!context.inDialog && <Text size={400} weight="semibold">{page.title}</Text>}
      <div className={styles.toolbar}>
        <Button size="small" appearance="primary" disabled={entries.length < 2} onClick={() => setContrastOpen(true)}>
          {CONTRAST_TITLE}
        </Button>
        <Text size={200} className={styles.hint}>勾选两个及以上版本进行对比，未勾选时对比最新的两个版本</Text>
      </div>
      {entries.length ? (
        <TimelineAxis mode="vertical" items={items} aria-label="修改记录" />
      ) : (
        <Text className={styles.hint}>暂无数据</Text>
      )}
      {entries.length < state.total && (
        <Button size="small" appearance="subtle" disabled={state.loading} onClick={() => load(state.curPage + 1)}>
          {state.loading ? LOADING_TEXT : '加载更多'}
        </Button>
      )}
      <ContrastDialog open={contrastOpen} onClose={() => setContrastOpen(false)} columns={contrast.columns} rows={contrast.rows} />
    </div>
  );
}
