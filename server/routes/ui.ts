// Pages for the renderer (GET /api/ui/pages/:id), personal column and search settings
// (tms/field/*) and dictionaries (baseDictionary/findByDicTypeKey).
import type { SessionUser } from '../http/context.ts';
import { failure, forbidden } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import type { PageFile, Registry } from '../registry/types.ts';
import { readableFields } from '../registry/fields.ts';
import { REF_TARGETS } from '../registry/ref-targets.ts';
import { saveSchema } from '../resources/input-schemas.ts';
import { fieldsOfRule } from '../../schemas/keywords/cross-field.ts';
import { one, type Conn } from '../resources/statements.ts';
import { applySettings, applyVariant, removeForbidden, resolveExtends } from '../registry/compose.ts';
import { routeFormShapes, withActionStates } from '../registry/route-shapes.ts';
import type { RouteDef } from '../http/route.ts';
import { CORPORATION_LEVEL, checkSettings, readSettings, writeSettings, type SettingKind } from '../domain/field-settings.ts';

/** Operation that may set a corporation's default columns for everyone in it. */
export const CORP_FIELD_SETTING_OP = 'corpFieldSetting';

/** The page as the user's corporation and operations make it (extends, variant, forbidden parts removed). */
async function composedPage(conn: Conn, reg: Registry, user: SessionUser, pageId: string): Promise<PageFile> {
  const base = resolveExtends(reg, pageId);
  if (!base) throw failure(`页面不存在: ${pageId}`);
  const corp = (await one<{ corp_code: string }>(conn, 'SELECT corp_code FROM corporations WHERE id = ?', user.corpId))!;
  return removeForbidden(applyVariant(base, reg.variants.get(corp.corp_code)?.get(pageId), `variant:${corp.corp_code}`), user.operationIds);
}

/**
 * A page whose columns follow data (服务评价's questions) names the GET call answering them
 * (`columnsFrom`): they follow the page's own columns, for this user, so the list, the column
 * settings and the export all see the same ones. Without the call's operation the page keeps its own.
 */
async function withCalledColumns(page: PageFile, user: SessionUser, routes: () => readonly RouteDef[]): Promise<PageFile> {
  const from = page.columnsFrom as { path: string } | undefined;
  if (!from) return page;
  const def = routes().find((r) => r.method === 'GET' && r.path === from.path);
  if (!def || !('anyOf' in def.access) || !def.access.anyOf.some((op) => user.operationIds.has(op))) return page;
  const called = (await def.handler({ c: undefined as never, user, body: {}, query: {}, params: {} })) as PageFile['columns'];
  return { ...page, columns: [...(page.columns ?? []), ...(called ?? [])] };
}

export async function pageFor(conn: Conn, reg: Registry, user: SessionUser, pageId: string, withSettings = true, routes: () => readonly RouteDef[] = () => []) {
  const page = await withCalledColumns(await composedPage(conn, reg, user, pageId), user, routes);
  if (!withSettings) return page;
  return {
    ...page,
    ...(page.resource ? resourceShapes(reg, page) : routeFormShapes(page, routes())),
    actions: withActionStates(await rowActionsFor(conn, reg, user, page)),
    columns: applySettings(page.columns, await readSettings(conn, user.corpId, user.userId, pageId, 'column')),
    search: applySettings(page.search, await readSettings(conn, user.corpId, user.userId, pageId, 'search')),
  };
}

/**
 * A detail page naming `actionsFrom` (its list) offers that list's row actions on its record, as
 * this user gets them there (operations, variants), so the buttons and their state gates are
 * declared once; the jumps to a detail page are left out (the user is on it). The page's own actions
 * (a bill's 导出 and 打印, which only the record's page offers) follow them.
 */
async function rowActionsFor(conn: Conn, reg: Registry, user: SessionUser, page: PageFile) {
  const from = page.actionsFrom as string | undefined;
  if (!from) return page.actions;
  const listed = (await composedPage(conn, reg, user, from)).actions?.filter((a) => a.placement === 'row' && !(a.page && resolveExtends(reg, a.page as string)?.kind === 'detail')) ?? [];
  return [...listed, ...(page.actions ?? [])];
}

/**
 * What the renderer needs of the page's resource: every field's title and type, and for forms the
 * very JSON Schema the server validates the submit with (restricted to the form's fields), so the
 * browser shows the same messages before sending.
 */
function resourceShapes(reg: Registry, page: PageFile) {
  const res = page.resource ? reg.resources.get(page.resource) : undefined;
  if (!res) return {};
  const fields = { ...res.schema.properties, ...readableFields(res) };
  // Reference fields are picked from the referenced resource's list, shown by its label field.
  // Virtual fields (a user's role ids) name their resource with x-reference; hooks check them.
  const virtualRefs = Object.entries(res.schema.properties).flatMap(([field, s]) =>
    s['x-reference'] ? [[field, s['x-reference'] as { resource: string; label?: string }] as const] : [],
  );
  const references = Object.fromEntries(
    [...Object.entries(res.references ?? {}), ...virtualRefs].map(([field, ref]) => [field, { resource: ref.resource, label: ref.label, list: REF_TARGETS[ref.resource]?.list ?? `/res/${ref.resource}/list` }]),
  );
  const form = page.form as { fields: string[] } | undefined;
  // How each search field is compared, so the list sends a value of the right shape.
  const searchOperators = res.search ?? {};
  if (!form) return { fields, references, searchOperators };
  const full = saveSchema(res);
  const properties = Object.fromEntries(form.fields.map((f) => [f, full.properties[f]]));
  // A rule between fields is the form's to check only when the form holds every field it reads.
  const checks = res.schema['x-checks']?.filter((rule) => fieldsOfRule(rule).every((f) => form.fields.includes(f)));
  const formSchema = { type: 'object', properties, required: full.required.filter((f) => form.fields.includes(f)), ...(checks?.length ? { 'x-checks': checks } : {}) };
  return { fields, references, searchOperators, formSchema };
}

const settingInput = (listName: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['id', listName],
  properties: {
    id: { title: '页面', type: 'string', minLength: 1, maxLength: 100 },
    level: { title: '级别', enum: ['user', 'corp'] },
    [listName]: {
      title: '字段',
      type: 'array',
      minItems: 1,
      maxItems: 300,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['fieldId', 'display'],
        properties: { fieldId: { title: '字段', type: 'string', maxLength: 100 }, display: { title: '显示', type: 'boolean' } },
      },
    },
  },
});

/** `routes`: every declared route, so a page without a resource takes its form from its submit route. */
export function uiRoutes(conn: Conn, registry: () => Registry, routes: () => readonly RouteDef[] = () => []) {
  const settingsOf = (kind: SettingKind) => async ({ user, params }: { user: SessionUser; params: Record<string, string> }) => {
    const page = await pageFor(conn, registry(), user, params.id, true, routes);
    const items = (kind === 'column' ? page.columns : page.search) ?? [];
    return items.map((i) => ({
      fieldId: i.field,
      fieldLabel: (i as { title?: string; label?: string }).title ?? (i as { label?: string }).label ?? i.field,
      ...(kind === 'column' ? { title: i.title ?? i.field } : {}),
      display: !i.hidden,
      disabled: Boolean(i.disabled),
    }));
  };
  const save = (kind: SettingKind, listName: string) => async ({ user, body }: { user: SessionUser; body: any }) => {
    if (body.level === 'corp' && !user.operationIds.has(CORP_FIELD_SETTING_OP)) throw forbidden();
    const page = await pageFor(conn, registry(), user, body.id, false, routes);
    const items = (kind === 'column' ? page.columns : page.search) ?? [];
    const settings = checkSettings(items, body[listName], kind);
    await writeSettings(conn, user.corpId, body.level === 'corp' ? CORPORATION_LEVEL : user.userId, body.id, kind, settings);
    return null;
  };
  return [
    route({ method: 'GET', path: '/ui/pages/:id{.+}', access: { session: true }, input: { type: 'object' },
      handler: ({ user, params }) => pageFor(conn, registry(), user, params.id, true, routes) }),
    route({ method: 'GET', path: '/tms/field/getColumn/:id{.+}', access: { session: true }, input: { type: 'object' }, handler: settingsOf('column') }),
    route({ method: 'GET', path: '/tms/field/getSearch/:id{.+}', access: { session: true }, input: { type: 'object' }, handler: settingsOf('search') }),
    route({ method: 'POST', path: '/tms/field/setColumn', access: { session: true }, input: settingInput('columns'), handler: save('column', 'columns') }),
    route({ method: 'POST', path: '/tms/field/setSearch', access: { session: true }, input: settingInput('searches'), handler: save('search', 'searches') }),
    route({
      method: 'GET', path: '/baseDictionary/findByDicTypeKey', access: { session: true },
      input: { type: 'object', required: ['dicTypeKey'], properties: { dicTypeKey: { title: '字典类型', type: 'string', maxLength: 100 } } },
      handler: ({ query }) => {
        const dict = registry().dictionaries.get(query.dicTypeKey);
        if (!dict) throw failure(`字典不存在: ${query.dicTypeKey}`);
        return dict.items.map(({ id, label, disabled, letter, className }) => ({ id, label, disabled: Boolean(disabled), letter, className }));
      },
    }),
  ];
}
