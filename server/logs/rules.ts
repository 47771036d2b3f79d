// What the operation log takes from a call, decided from the route table alone, so no route carries
// code for it (docs/security.md "Logs"):
// - a write is a POST whose last path segment is not a read verb (list, count, history, page,
//   query, find…, get…, summary, total, repeat; or a name ending in List, Page, Count, Tree or Menu);
// - its operation is the menu operation the route needs, by its Chinese name (新增车辆); a route
//   open to several operations is named by the one its body means (Add without an id, Update with
//   one) or else by its path;
// - of the body only the record ids are kept (`id`, `ids`, `idList`): never a field named like a
//   password, token or secret, and never free text.
import type { MenuDef } from '../registry/types.ts';

const READ_VERB = /^(list|count|history|detail|page|query|find|get|summary|total|repeat)/i;
const READ_SUFFIX = /(List|Page|Count|Tree|Menu)$/;
/** Reads whose names say neither (a list of the stowage's unaccepted lines). */
const READ_ONLY_PATHS = new Set(['/orderStowageTask/unAcceptedLineResult']);

export function isReadOnlyPath(path: string): boolean {
  if (READ_ONLY_PATHS.has(path)) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return READ_VERB.test(last) || READ_SUFFIX.test(last);
}

/** Writes every signed-in user may make, which no menu operation names. */
const SESSION_OPERATION_NAMES: Record<string, string> = {
  '/signOut': '退出登录',
  '/user/modifyCurrentPassword': '修改密码',
  '/tms/field/setColumn': '设置表格列',
  '/tms/field/setSearch': '设置查询条件',
  '/userSet/updateHaveBrowsedConfig': '设置引导已读',
  '/api3/COMMON-MODULE-BASE-FILE-PROCESSOR-WEB/api/upload/fildUploadPublicByInputStream': '上传文件',
};

/** Operation id → its Chinese name, from the menu files. */
export function operationNames(menus: readonly MenuDef[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (items: readonly MenuDef[]) => {
    for (const m of items) {
      for (const op of m.operations ?? []) names.set(op.operationId, op.operationName);
      walk(m.children ?? []);
    }
  };
  walk(menus);
  return names;
}

export function operationOf(
  route: { endpoint: string; operationIds: readonly string[] },
  names: ReadonlyMap<string, string>,
  bodyHasId: boolean,
): { operationId: string | null; operationName: string } {
  const known = route.operationIds.filter((op) => names.has(op));
  let chosen = known.length === 1 ? known[0] : undefined;
  if (!chosen && known.length > 1) {
    const byVerb = known.filter((op) => (bodyHasId ? /Update\d*$/ : /Add\d*$/).test(op));
    if (byVerb.length === 1) chosen = byVerb[0];
  }
  if (chosen) return { operationId: chosen, operationName: names.get(chosen)! };
  return { operationId: null, operationName: SESSION_OPERATION_NAMES[route.endpoint] ?? route.endpoint };
}

const ID_FIELDS = ['id', 'ids', 'idList'] as const;
const MAX_IDS = 100;
const isId = (v: unknown): v is number | string =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^\d{1,19}$/.test(v));

/** The body's record ids, comma-separated (the first 100, then how many there were), or null. */
export function recordIdsOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const ids: string[] = [];
  for (const field of ID_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    for (const v of Array.isArray(value) ? value : [value]) if (isId(v)) ids.push(String(v));
  }
  if (ids.length === 0) return null;
  return ids.length <= MAX_IDS ? ids.join(',') : `${ids.slice(0, MAX_IDS).join(',')}…(共${ids.length}个)`;
}

/** True when the body names a record by `id` (an edit rather than a creation). */
export const namesRecord = (body: unknown): boolean =>
  !!body && typeof body === 'object' && !Array.isArray(body) && isId((body as Record<string, unknown>).id);
