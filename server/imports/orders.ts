// Orders imported from .xlsx (issue 15 item 6): one row is one new order with one goods line. The
// columns are the order save schema's (orders/schemas.ts saveSchema and GOODS_LINE, their titles and
// required fields), references typed by their labels: 客户, 发货地 and 收货地 by name, 业务类型 by
// its dictionary label, 货品 by the catalogue's code or name (or typed by hand, which the save takes
// only where goodsSetting.freeText allows). Each row is then checked with the save route's own
// schema and written by saveOrder itself: the same checks, numbering, scoping, state and saved
// version as 新增订单. 订单号 is optional (numbered when empty); an order number already used is
// refused by the save, and orders are never updated by an import (docs/decisions.md).
import { saveOrder, type SaveInput } from '../domain/orders/save.ts';
import { GOODS_LINE, saveSchema } from '../domain/orders/schemas.ts';
import { ApiError } from '../http/envelope.ts';
import type { SessionUser } from '../http/context.ts';
import { validateOrThrow } from '../http/validate.ts';
import type { FieldSchema } from '../registry/types.ts';
import { all, type Conn } from '../resources/statements.ts';
import { cellText, dictionaryColumn, labelColumn, plainColumn, timeColumn, type ImportColumn } from './columns.ts';
import type { ImportContext, Importer, ImportTarget } from './importer.ts';
import { rowByRow } from './row-by-row.ts';
import type { RowError } from './runner.ts';

type Props = Record<string, FieldSchema>;
const ORDER = saveSchema.properties as unknown as Props;
const LINE = GOODS_LINE.properties as unknown as Props;
const GOODS_TITLE = '货品';
/** The order's own fields a row carries, in the form's order; the goods line's follow. */
const ORDER_FIELDS = ['orderNo', 'customerId', 'businessType', 'shipperAreaId', 'receiverAreaId', 'requiredLoadTime', 'requiredArriveTime', 'remark'] as const;
const LINE_FIELDS = ['quantity', 'weight', 'volume', 'unit'] as const;

const isCustomer = (user: SessionUser) => user.userType === 1;

/** The customers a user may order for: a customer user only its own (the save pins it there anyway). */
function customers(conn: Conn, user: SessionUser) {
  const own = isCustomer(user) ? ' AND id = ?' : '';
  return all<{ id: number; label: string }>(conn, `SELECT id, customer_name AS label FROM customers WHERE corp_id = ? AND is_deleted = 0${own} ORDER BY id`,
    user.corpId, ...(own ? [user.partnerId ?? -1] : []));
}

/** The places a user may pick, as the order form lists them: a customer user the shared ones and its own. */
function areas(conn: Conn, user: SessionUser) {
  const own = isCustomer(user) ? ' AND (customer_id IS NULL OR customer_id = ?)' : '';
  return all<{ id: number; label: string }>(conn, `SELECT id, area_name AS label FROM areas WHERE corp_id = ? AND is_deleted = 0${own} ORDER BY id`,
    user.corpId, ...(own ? [user.partnerId ?? -1] : []));
}

/**
 * 货品: a catalogue goods by its code, else by its name (a name two goods share is refused); any other
 * text is a hand-typed line, which the save refuses unless the corporation allows free text. Disabled
 * goods are looked up too, so the save names them as disabled rather than taking them as free text.
 */
async function goodsColumn(conn: Conn, corpId: number): Promise<ImportColumn> {
  const rows = await all<{ id: number; code: string; name: string; status: number }>(conn,
    'SELECT id, goods_code AS code, goods_name AS name, status FROM goods WHERE corp_id = ? AND is_deleted = 0 ORDER BY id', corpId);
  const byCode = new Map(rows.map((g) => [g.code, g.id]));
  const byName = new Map<string, number | null>();
  for (const g of rows) byName.set(g.name, byName.has(g.name) ? null : g.id);
  return {
    field: 'goods', title: GOODS_TITLE, required: true, openList: true,
    options: [...new Set(rows.filter((g) => g.status === 0).map((g) => g.name))],
    note: '填写货品档案中的货品编码或名称',
    toValue: (cell) => {
      const text = String(cellText(cell));
      const id = byCode.get(text) ?? byName.get(text);
      if (id === null) return { error: `${GOODS_TITLE}：有多个货品名为“${text}”，请填写货品编码` };
      return { value: id === undefined ? { goodsName: text } : { goodsInfoId: id } };
    },
  };
}

async function orderColumns({ conn, registry, user }: ImportContext): Promise<ImportColumn[]> {
  const required = saveSchema.required as string[];
  const base = (field: string, props: Props, req: boolean) => ({ field, title: props[field].title as string, required: req });
  const places = await areas(conn, user);
  const columns: ImportColumn[] = [];
  for (const field of ORDER_FIELDS) {
    // A customer user's orders are its own customer's: the column may stay empty.
    const b = base(field, ORDER, required.includes(field) && !(field === 'customerId' && isCustomer(user)));
    if (field === 'customerId') columns.push(labelColumn(b, await customers(conn, user), '客户'));
    else if (field === 'businessType') columns.push(dictionaryColumn(b, (registry.dictionaries.get('businessType')?.items ?? []).filter((i) => !i.disabled)));
    else if (field === 'shipperAreaId' || field === 'receiverAreaId') columns.push(labelColumn(b, places, '地点'));
    else if (field === 'requiredLoadTime' || field === 'requiredArriveTime') columns.push(timeColumn(b));
    else columns.push(plainColumn(b, ORDER[field], field === 'orderNo' ? '不填则自动编号；已存在的订单号不能导入' : undefined));
  }
  columns.push(await goodsColumn(conn, user.corpId));
  const notes: Record<string, string> = {
    weight: '货品档案有单位重量时按数量计算', volume: '货品档案有单位体积时按数量计算', unit: '手填货品时必填；档案货品取档案的单位',
  };
  for (const field of LINE_FIELDS) columns.push(plainColumn(base(field, LINE, (GOODS_LINE.required as string[]).includes(field)), LINE[field], notes[field]));
  return columns;
}

/** The order save's body of a row: its order fields, and its one goods line. */
function saveInputOf(body: Record<string, unknown>, user: SessionUser): SaveInput {
  const input: Record<string, unknown> = {};
  for (const f of ORDER_FIELDS) if (body[f] !== undefined) input[f] = body[f];
  if (input.customerId === undefined && isCustomer(user)) input.customerId = user.partnerId ?? undefined;
  const line: Record<string, unknown> = { ...(body.goods as object | undefined) };
  for (const f of LINE_FIELDS) if (body[f] !== undefined) line[f] = body[f];
  return { ...input, goods: [line] } as unknown as SaveInput;
}

/** The column a save's refusal is about: its field's title, a goods line's field by its own, else the title the message starts with. */
function columnOf(e: ApiError, titles: Map<string, string>): string {
  const field = (e.result as { field?: string } | null)?.field ?? '';
  const [head, ...rest] = field.split('.');
  if (head !== 'goods') return titles.get(head) ?? '';
  const last = rest.at(-1);
  if (last && titles.has(last)) return titles.get(last)!;
  const named = /^([^：]+)：/.exec(e.message)?.[1];
  return named && [...titles.values()].includes(named) ? named : GOODS_TITLE;
}

export const ORDER_IMPORT: ImportTarget = {
  title: '订单',
  addOperation: 'orderAdd3',
  updates: false,
  refuses: (user) => user.userType === 2,
  async open(ctx): Promise<Importer> {
    const columns = await orderColumns(ctx);
    const titles = new Map(columns.map((c) => [c.field, c.title]));
    titles.set('goodsName', GOODS_TITLE).set('goodsInfoId', GOODS_TITLE);
    return {
      columns,
      key: ['orderNo'],
      write: rowByRow(async (body, rowNumber): Promise<RowError | undefined> => {
        try {
          await saveOrder(ctx.conn, ctx.user, validateOrThrow<SaveInput>(saveSchema, saveInputOf(body, ctx.user)));
          return undefined;
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          return { row: rowNumber, column: columnOf(e, titles), message: e.message };
        }
      }),
    };
  },
};
