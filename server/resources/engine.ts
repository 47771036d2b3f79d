// The generic resource engine: list, count, detail, history reads; save, update and batch delete
// writes live in writes.ts. One instance serves every resource file.
import type { SessionUser } from '../http/context.ts';
import type { Seek, SeekPage } from '../http/route.ts';
import { failure } from '../http/envelope.ts';
import type { Registry, ResourceFile } from '../registry/types.ts';
import { storedFields } from '../registry/fields.ts';
import { ident } from './naming.ts';
import { listSql, paging, selectList, sortValues, type ListRequest } from './query.ts';
import { scopeWhere } from './scope.ts';
import { all, one, type Conn } from './statements.ts';
import { formatDay, formatTime } from './time.ts';
import type { ResourceHooks } from './hooks.ts';
import { fromColumns } from './json-fields.ts';

export const NOT_FOUND = '记录不存在或无权访问';

const timeFieldsOf = new WeakMap<ResourceFile, { f: string; format: (ms: number | null) => string }[]>();

export interface Page<T> {
  data: T[];
  totalRecords: number;
  curPage: number;
  pageSize: number;
}

export class ResourceEngine {
  constructor(
    /** The app's database, or an export's read snapshot. */
    readonly db: Conn,
    private readonly registry: () => Registry,
    readonly hooks: Record<string, ResourceHooks> = {},
    /** Told after every committed write (the session cache listens for users and roles). */
    readonly onWrite?: (resourceId: string) => Promise<void> | void,
  ) {}

  resource(id: string): ResourceFile {
    const res = this.registry().resources.get(id);
    if (!res) throw failure(`资源不存在: ${id}`);
    return res;
  }

  get reg() {
    return this.registry();
  }

  /** Adds the '...Str' display of every time field, in place. */
  decorate(res: ResourceFile, rows: Record<string, unknown>[]) {
    let timeFields = timeFieldsOf.get(res);
    if (!timeFields) {
      timeFields = Object.entries(storedFields(res)).filter(([, s]) => s['x-time']).map(([f, s]) => ({ f, format: s['x-time'] === 'date' ? formatDay : formatTime }));
      timeFieldsOf.set(res, timeFields);
    }
    for (const row of rows) for (const { f, format } of timeFields) row[`${f}Str`] = format(row[f] as number | null);
    return rows;
  }

  async list(resourceId: string, user: SessionUser, req: ListRequest): Promise<Page<Record<string, unknown>>> {
    const res = this.resource(resourceId);
    const sql = listSql(this.reg, res, user, req);
    const data = fromColumns(res, await all<Record<string, unknown>>(this.db, sql.page.sql, ...sql.page.params));
    const { n } = (await one<{ n: number }>(this.db, sql.count.sql, ...sql.count.params))!;
    const { curPage, pageSize } = paging(req);
    await this.hooks[res.id]?.afterList?.(data, Date.now());
    return { data: this.decorate(res, data), totalRecords: n, curPage, pageSize };
  }

  /** An export's page of the same list (route.ts Seek): the rows after the last one read, counted once. */
  async seek(resourceId: string, user: SessionUser, req: ListRequest, seek: Seek): Promise<SeekPage> {
    const res = this.resource(resourceId);
    const sql = listSql(this.reg, res, user, req, { dialect: this.db.dialect, seek });
    const data = await all<Record<string, unknown>>(this.db, sql.page.sql, ...sql.page.params);
    // Read before the hooks and decoration, which may add to the rows.
    const last = data.at(-1);
    const after = last ? sortValues(res, req, last) : null;
    const counted = seek.count ? (await one<{ n: number }>(this.db, sql.count.sql, ...sql.count.params))!.n : undefined;
    await this.hooks[res.id]?.afterList?.(data, Date.now());
    return { data: this.decorate(res, data), after, ...(counted === undefined ? {} : { totalRecords: counted }) };
  }

  async count(resourceId: string, user: SessionUser, req: ListRequest): Promise<number> {
    const sql = listSql(this.reg, this.resource(resourceId), user, req);
    return (await one<{ n: number }>(this.db, sql.count.sql, ...sql.count.params))!.n;
  }

  /** The record as the user may see it, or undefined. */
  async find(res: ResourceFile, user: SessionUser, id: number, includeDeleted = false): Promise<Record<string, unknown> | undefined> {
    const { columns, joins } = selectList(this.reg, res);
    const where = scopeWhere(res, user, 't', includeDeleted);
    const sql = `SELECT ${columns} FROM ${ident(res.table)} t ${joins} WHERE ${where.sql.join(' AND ')} AND t.id = ?`;
    return fromColumns(res, [await one<Record<string, unknown>>(this.db, sql, ...where.params, id)])[0];
  }

  async detail(resourceId: string, user: SessionUser, id: number) {
    const res = this.resource(resourceId);
    const row = await this.find(res, user, id);
    if (!row) throw failure(NOT_FOUND);
    await this.hooks[res.id]?.afterRead?.(row);
    return this.decorate(res, [row])[0];
  }

  async history(resourceId: string, user: SessionUser, req: { id: number; curPage?: number; pageSize?: number }) {
    const res = this.resource(resourceId);
    if (!(await this.find(res, user, req.id, true))) throw failure(NOT_FOUND);
    const { curPage, pageSize, offset } = paging(req);
    const rows = await all<Record<string, unknown>>(
      this.db,
      `SELECT id, action, user_id AS userId, user_name AS userName, changed_at AS changedAt, changes, record_version AS recordVersion
           FROM record_history WHERE corp_id = ? AND resource = ? AND record_id = ?
          ORDER BY changed_at DESC, id DESC LIMIT ? OFFSET ?`,
      user.corpId, res.id, req.id, pageSize, offset,
    );
    const { n } = (await one<{ n: number }>(this.db, 'SELECT count(*) AS n FROM record_history WHERE corp_id = ? AND resource = ? AND record_id = ?', user.corpId, res.id, req.id))!;
    const data = rows.map((r) => ({ ...r, changedAtStr: formatTime(r.changedAt as number), changes: JSON.parse(r.changes as string) }));
    return { data, totalRecords: n, curPage, pageSize };
  }
}
