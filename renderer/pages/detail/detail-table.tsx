// A detail section drawn as a table (`sections: [{title, table}]`): the rows of a list field of the
// record (an order's goods, parts, waybills) or what `GET table.path?id=<record id>` answers (its
// history). A `link` column opens that record's page the way list links do (page.links and the
// row's `<kind>Id`); ids themselves are never shown.
import { Link, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Env } from '../../env/env-context.tsx';
import { linkHref } from '../list/row-rules.ts';
import { LOADING_TEXT } from '../page-host.tsx';
import type { DetailTable, PageContext, PageSchema } from '../page-types.ts';
import { formatValue, type FormatContext } from './format-value.ts';
import { formatYuan, isFen } from '../../../schemas/keywords/money.ts';

type Row = Record<string, unknown>;

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  empty: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The rows a table section shows: the record's list field, else the answer of its own call. */
function useRows(table: DetailTable, record: Row, env: Env, id: string | undefined): { rows?: Row[]; error?: string } {
  const own = table.from ? record[table.from] : undefined;
  const [fetched, setFetched] = useState<{ rows?: Row[]; error?: string }>({});
  useEffect(() => {
    if (!table.path || !id) return;
    let live = true;
    setFetched({});
    env.api
      .get<Row[] | { data?: Row[] }>(table.path, { id }, { silent: true })
      .then((r) => live && setFetched({ rows: Array.isArray(r) ? r : (r?.data ?? []) }))
      .catch((err: Error) => live && setFetched({ error: err.message }));
    return () => {
      live = false;
    };
  }, [env, table.path, id]);
  if (table.from) return { rows: Array.isArray(own) ? (own as Row[]) : [] };
  return fetched;
}

export function DetailTableSection({ table, record, env, context, page, ctx }: {
  table: DetailTable; record: Row; env: Env; context: PageContext; page: PageSchema; ctx: FormatContext;
}) {
  const s = useStyles();
  const { rows, error } = useRows(table, record, env, context.id);
  if (error) return <Text className={s.error}>加载失败：{error}</Text>;
  if (!rows) return <Spinner size="tiny" label={LOADING_TEXT} />;
  if (rows.length === 0) return <Text className={s.empty}>{table.empty ?? '暂无数据'}</Text>;
  const routeOf = (pageId: string) => context.routeOf?.(pageId) ?? `/page/${pageId}`;
  return (
    <div className={s.wrap}>
      <Table size="small" aria-label={table.columns.map((c) => c.title).join('、')}>
        <TableHeader>
          <TableRow>
            {table.columns.map((c) => (
              <TableHeaderCell key={c.field} style={{ ...(c.width ? { width: c.width } : {}), ...(c.format === 'money' ? { justifyContent: 'flex-end' } : {}) }}>
                {c.title}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {table.columns.map((c) => {
                const value = row[c.field];
                const text = c.format === 'money' && isFen(value) ? formatYuan(value) : formatValue(ctx, c.field, value);
                const href = c.link ? linkHref(page, c, row, routeOf) : undefined;
                return (
                  <TableCell key={c.field} style={c.format === 'money' ? { textAlign: 'right' } : undefined}>
                    {href ? (
                      <Link href={href} onClick={(e) => (e.preventDefault(), env.navigate(href))}>
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
