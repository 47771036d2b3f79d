// Bad input on every POST route that declares an input schema, logged in as admin: malformed and
// oversized bodies, unknown and missing fields, wrong types, overlong strings, negative numbers,
// SQL- and script-looking text. Each refusal is a clear code 100 naming the field and changes
// nothing; no answer is a 5xx or carries a stack trace. Text that is a valid value is stored
// verbatim. Each case runs in a transaction rolled back afterwards, so cases cannot leak state.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';
import { MAX_JSON_BYTES } from '../server/http/body.ts';
import { validateOrThrow } from '../server/http/validate.ts';
import { columnOf } from '../server/resources/naming.ts';
import { fieldNameOf } from '../schemas/keywords/messages.ts';
import type { RouteDef } from '../server/http/route.ts';
import { orderFixtures } from './support/order-fixtures.ts';
import { waybillFixtures } from './support/waybill-fixture.ts';
import { alarmFixtures } from './support/alarm-fixtures.ts';
import { fenceFixtures } from './support/fence-fixtures.ts';
import { settlementFixtures } from './support/settlement-fixtures.ts';
import { trackFixtures } from './support/track-fixture.ts';
import { mediaFixtures } from './support/media-fixtures.ts';
import { terminalFixtures } from './support/terminal-fixtures.ts';
import { sampleRecord } from './support/sample-record.ts';
import { crossFieldErrors } from '../schemas/keywords/cross-field.ts';
import { logFixtures } from './support/log-fixtures.ts';
import { notifyFixtures } from './support/notify-fixtures.ts';
import { uploadCenterFixtures } from './support/upload-center-fixtures.ts';
import { billFixtures } from './support/bill-fixtures.ts';
import { paymentFixtures } from './support/payment-fixtures.ts';
import { poultryCostFixtures } from './support/settlement-report-fixture.ts';
import { XLSX_TYPE } from '../server/exports/file-name.ts';
import { deductionFixtures } from './support/deduction-fixtures.ts';
import { estimateFixtures } from './support/estimate-fixtures.ts';
import { gatewayFixtures } from './support/gateway-fixtures.ts';
import { departureRuleFixtures } from './support/departure-rule-fixtures.ts';
import { evaluateFixtures } from './support/evaluate-fixtures.ts';
import { checkRuleFixtures } from './support/check-rule-fixtures.ts';
import { fixedLineFixtures } from './support/fixed-line-bad-input-fixtures.ts';
import { delegateRuleFixtures } from './support/delegate-rule-fixtures.ts';
import { stowageRuleFixtures } from './support/stowage-rule-fixtures.ts';
import { LOSS_PLAN, lossPlanFixtures } from './support/loss-plan-fixtures.ts';

type Row = Record<string, any>;
interface Schema {
  title?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  'x-password'?: boolean;
  'x-virtual'?: boolean;
}

/** POST routes whose success is a file download (spec section 7 blobs). */
const FILE_ROUTES = ['/poultryCostReport/exportPoultryWaybillCostReportList', '/fixed/exportFixedLineInfo', '/fixedLineScheduling/exportFixedLineScheduling'] as const;
const SQL = "'; DROP TABLE vehicles; --";
const SCRIPT = '<script>alert(1)</script>';
/** A stack line ("    at fn (file:1:2)") or an exception name in a body means an internal error leaked. */
const LEAK = /\n\s+at |\bat \S+ \(.*:\d+:\d+\)|Error:/;
const OVERSIZED = `{"remark":"${'a'.repeat(MAX_JSON_BYTES + 16)}"}`;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

// ---------- what each case expects ----------

type Expect =
  /** Code 100; names: texts of which the message must contain one (the field's title or name). */
  | { kind: 'invalid'; field?: string; names?: string[]; message?: string; status?: number }
  /** Code 0: a well-formed request naming something that does not exist (see CODE_0_FOR_TEXT). */
  | { kind: 'failure'; why: string }
  /** Code 1 and the value reads back identical from the record's detail. */
  | { kind: 'stored'; field: string; value: unknown }
  /** Code 1: free text of a domain route, saved as typed (see each fixture module's acceptedText). */
  | { kind: 'accepted'; why: string }
  /** Code 1 from a list or count; 'none' when no row can match. */
  | { kind: 'listed'; matches: 'none' | 'any' };

interface Case {
  name: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  expect: Expect;
}

const invalid = (o: Omit<Extract<Expect, { kind: 'invalid' }>, 'kind'> = {}): Expect => ({ kind: 'invalid', ...o });

/**
 * The documented exceptions: well-formed text that names nothing is a failed lookup (code 0),
 * the same answer as for any unknown record, rather than invalid input.
 */
const CODE_0_FOR_TEXT: Record<string, string> = {
  '/login userName': 'well-formed credentials matching no account are a failed login (code 0, 用户名或密码错误)',
  '/login password': 'a wrong password is a failed login (code 0, 用户名或密码错误)',
  '/tms/field/setColumn id': 'a well-formed page id naming no page answers code 0 (页面不存在)',
  '/tms/field/setSearch id': 'a well-formed page id naming no page answers code 0 (页面不存在)',
};

// ---------- the platform, its routes and a valid body for each ----------

const t = await createTestApp();
/**
 * Domain routes act on records that must exist first (an order to split, a waybill to move): each
 * fixture module creates them before the suite and gives the baseline bodies that use them.
 */
type Fixture = { bodies: Record<string, Row>; acceptedText: Record<string, string>; acceptedNull?: Record<string, string>; headers?: Record<string, Record<string, string>> };
const EARLIER_FIXTURES: Fixture[] =
  [await orderFixtures(t), await waybillFixtures(t), await alarmFixtures(t), await trackFixtures(t), await mediaFixtures(t), await terminalFixtures(t), logFixtures(), await uploadCenterFixtures(t), await fenceFixtures(t), await settlementFixtures(t), await billFixtures(t), await paymentFixtures(t), poultryCostFixtures(), await estimateFixtures(t)];
/** Last, so the others' fixtures are made as before; its allowance body also serves SAVE_BODIES. */
const DEDUCTIONS = await deductionFixtures(t);
const FIXED_LINES = await fixedLineFixtures(t);
const FIXTURES: Fixture[] = [...EARLIER_FIXTURES, DEDUCTIONS, await gatewayFixtures(t),
  // The rule types' fixtures, one line each.
  await departureRuleFixtures(t),
  await delegateRuleFixtures(t),
  lossPlanFixtures(),
  await evaluateFixtures(t),
  await checkRuleFixtures(t),
  { bodies: {}, acceptedText: {}, acceptedNull: { '/accessInspection/preview id': 'a preview of a new rule (no rule it edits)', '/factoryShipmentSetting/preview id': 'a preview of a new setting (none it edits)' } },
  notifyFixtures(),
  FIXED_LINES,
  await stowageRuleFixtures(t),
];
const fixtureBody = (path: string) => FIXTURES.find((f) => path in f.bodies)?.bodies[path];
/** Headers a route needs besides the session: a terminal credential for the ingestion routes. */
const headersOf = (path: string): Record<string, string> => Object.assign({}, ...FIXTURES.map((f) => f.headers?.[path]));
const ACCEPTED_TEXT: Record<string, string> = Object.assign({}, ...FIXTURES.map((f) => f.acceptedText));
/** Code 1 for null in a domain route's field where null means "none" (a fence of no customer). */
const ACCEPTED_NULL: Record<string, string> = Object.assign({}, ...FIXTURES.map((f) => f.acceptedNull ?? {}));
const ROUTES = t.routes() as RouteDef[];
// JSON bodies only: the multipart upload reads its own body and has its own suite (tests/files.test.ts).
const POST_ROUTES = ROUTES.filter((r) => r.method === 'POST' && r.input && !r.rawBody);
let token = '';
let initial: Record<string, string> = {};

/** Resource routes and their aliases (an alias shares its verb's input schema object). */
const RESOURCE_ROUTE = /^\/res\/(\w+)\/(\w+)$/;
const byInput = new Map<object, { resource: string; verb: string }>();
for (const r of ROUTES) {
  const m = RESOURCE_ROUTE.exec(r.path);
  if (m && r.input) byInput.set(r.input, { resource: m[1], verb: m[2] });
}
const resourceOf = (route: RouteDef) => (route.input ? byInput.get(route.input) : undefined);

const SAVE_BODIES: Record<string, Row> = {
  vehicle: { vehicleNo: '浙A9K001', carrierId: 1 },
  driver: { driverName: '测试司机', mobile: '13900000001' },
  carrier: { carrierCode: 'BAD001', carrierName: '测试承运商' },
  customer: { customerCode: 'BAD001', customerName: '测试客户' },
  carModel: { modelName: '测试车型' },
  department: { orgName: '测试部门', orgCode: 'BAD01' },
  user: { userName: 'bad_input_user', realName: '测试用户', userType: 0, password: 'Abcdef@123' },
  role: { roleName: '测试角色' },
  // An allowance names a signed-off waybill that has a driver and no driver allowance yet.
  waybillAllowance: DEDUCTIONS.allowanceSave,
  progressRemindRule: { ruleName: '坏输入进度提醒', classifyId: 13, hours: 3 },
  departureRule: { ruleName: '坏输入发车规则', action: 2, conditions: [{ field: 'doorOpen', operator: 'ne', value: 1 }], message: '车门未关闭，不能离开装货地' },
  lossPlanRule: LOSS_PLAN,
  prescriptionRule: { ruleName: '坏输入时效规则', transportHours: 6, unloadDwellHours: 2, toleranceMinutes: 10 },
  ...FIXED_LINES.saveBodies,
  waybillRule: { ruleName: '坏输入运单规则', arriveStart: 1, leaveStart: 0, viaAuto: 0, arriveEnd: 1, leaveEnd: 0, minStayMinutes: 5 },
  accessInspectionRule: { ruleName: '坏输入准入检查', checkTransportLicense: 1, maxVehicleAgeYears: 8 },
  // The demo's setting is the first area's.
  factoryShipmentSetting: { areaId: 2, shipStart: '08:00', shipEnd: '18:00', dailyLimit: 5 },
  stowageRule: { ruleName: '坏输入配载规则', vehicleCarrierId: 1, carModelIds: [1], maxOrders: 5, maxLoadRate: 100 },
};

const OTHER_BODIES: Record<string, Row> = {
  '/login': { userName: 'admin', password: 'Huoyun@2026' },
  '/signOut': {},
  '/user/modifyCurrentPassword': { oldPassword: b64('Huoyun@2026'), newPassword: b64('Newpass@2026'), confirmPassword: b64('Newpass@2026') },
  '/menu/menuTree': { useSystem: 3 },
  '/menu/allMenu': { useSystem: 3 },
  '/menu/getLogoUrl': {},
  '/corpSetting/save': { goodsFreeText: 1, displayOfGoods: 1, msgLayerDisplayMode: 1 },
  '/tms/field/setColumn': { id: 'base/vehicle-list', columns: [{ fieldId: 'vehicleNo', display: true }] },
  '/tms/field/setSearch': { id: 'base/vehicle-list', searches: [{ fieldId: 'vehicleNo', display: true }] },
  '/role/saveOperations': { roleId: 2, operationIds: ['vehicle3'] },
  '/user/unlock': { id: 2 },
  '/userSet/updateHaveBrowsedConfig': { haveBrowsed: 1 },
  '/vehicleMonitor/list': { curPage: 1, pageSize: 20, vehicleNo: '京A', carrierId: 1, online: [1], monitorStatus: [1] },
  '/vehicleMonitor/count': { vehicleNo: '京A', carrierId: 1, online: [1] },
  '/alarmResult/countByKind': { handleStatus: [0], vehicleNo: '京A', carrierId: 1 },
  '/fleetMap/vehicleInfo': { vehicleId: 1 },
  '/fleetMap/waybillRoutes': { waybillIds: [1] },
  '/exportCenter/create': { pageId: 'base/vehicle-list' },
  '/message/markRead': { all: true },
  '/message/summary': {},
  '/message/list': {},
  '/message/unreadCount': {},
  '/exportCenter/list': {},
  '/importCenter/list': {},
  '/vehicleInfo/findAllVehicleLabel': {},
  '/user/getSubUserList': {},
  '/distance/getAreaDistance': { startAreaId: 1, endAreaId: 2 },
  '/dashboardRuleSet/addOrUpdate': { cards: [{ cardKey: 'todayOrders', show: true }] },
  '/temperatureRule/preview': { rule: { ruleName: '预览规则', tempMin: 2, tempMax: 4 } },
  '/signInTimeSetting/addOrUpdate': { enabled: 0, hours: 24 },
  '/signInTimeSetting/preview': { rule: { enabled: 1, hours: 24 } },
  '/accessInspection/preview': { rule: { ruleName: '基线准入', checkTransportLicense: 1, maxVehicleAgeYears: 8 } },
  '/factoryShipmentSetting/preview': { rule: { areaId: 1, shipStart: '08:00', shipEnd: '18:00', dailyLimit: 5 } },
  '/configProcessRemindSet/preview': { rule: { ruleName: '预览提醒', classifyId: 13, hours: 3 } },
  '/prescriptionRule/preview': { rule: { ruleName: '预览时效规则', transportHours: 6, unloadDwellHours: 2 } },
  '/waybillRule/preview': { rule: { ruleName: '预览运单规则', arriveStart: 1, leaveStart: 0, viaAuto: 0, arriveEnd: 0, leaveEnd: 0, minStayMinutes: 5 } },
  '/businessPersonalSet/saveInfo': { dispatchRequireDriver: 0 },
  // Keyed by route.path; sent to a real report (urlOf).
  '/report/:name/query': {},
  '/report/:name/total': {},
};

/** A path parameter names a real record: a report route's `:name` is the registry's first report. */
const FIRST_REPORT = [...t.registry.get().reports.keys()][0].replace(/^report\//, '');
const urlOf = (route: RouteDef) => route.path.replace('/:name/', `/${FIRST_REPORT}/`);

/** The required fields of a plain entity, made from its schema; references name record 1 (the demo has one of each). */
function derivedSaveBody(resource: string): Row | undefined {
  const file = t.registry.get().resources.get(resource);
  return file?.pages ? sampleRecord(file, 1, () => 1, true) : undefined;
}

/** A body the route accepts: each case below changes exactly one thing in it. */
function baselineOf(route: RouteDef): Row | undefined {
  const rv = resourceOf(route);
  if (!rv) return OTHER_BODIES[route.path] ?? fixtureBody(route.path);
  switch (rv.verb) {
    // A resource that derives its pages (one file per entity) gets the least record its form accepts.
    case 'save': return SAVE_BODIES[rv.resource] ?? derivedSaveBody(rv.resource);
    case 'update': return { id: 1, version: 1 };
    case 'batchDelete': return { ids: [1] };
    case 'history': return { id: 1 };
    default: return {};
  }
}

// ---------- schema helpers ----------

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
const typesOf = (s: Schema): string[] => (s.type ? [s.type].flat() : s.enum ? [...new Set(s.enum.map(jsonType))] : []);
const allows = (s: Schema, v: unknown) => {
  const types = typesOf(s);
  const jt = jsonType(v);
  return types.includes(jt) || (jt === 'integer' && types.includes('number'));
};
const WRONG = ['wrong', 12345, true, { a: 1 }, [1]];
const wrongValueFor = (s: Schema) => WRONG.find((v) => !allows(s, v));
// A message names the field as the user knows it: its title, without the unit (载重(吨) → 载重).
const namesOf = (field: string, s: Schema | undefined) => [s?.title, s?.title && fieldNameOf(s.title), field].filter((x): x is string => Boolean(x));
const without = (o: Row, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

function tableOf(resource: string) {
  return t.registry.get().resources.get(resource)!.table;
}
/** Every NOT NULL column as `table.column`, read once from the engine's catalog: the cases are built, synchronously, before any test runs. */
const NOT_NULL = new Set(
  (t.db.dialect === 'postgres'
    ? await t.db.all<{ c: string }>("SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND is_nullable = 'NO'")
    : await t.db.all<{ c: string }>("SELECT m.name || '.' || p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.\"notnull\" = 1")
  ).map((r) => r.c),
);
function isNotNull(resource: string, field: string) {
  return NOT_NULL.has(`${tableOf(resource)}.${columnOf(field)}`);
}

/**
 * Record 1 of each resource with rules between fields (x-checks), as an update of it starts: clearing a
 * field such a rule requires is refused, and which rules apply depends on the record's other fields.
 */
const ADMIN = await t.as('admin');
const STORED_1 = new Map<string, Row>();
for (const res of t.registry.get().resources.values()) {
  if (res.schema['x-checks']) STORED_1.set(res.id, (await ADMIN.get(`/res/${res.id}/detail?id=1`)).result ?? {});
}

/** The broken rule between fields of the record a save or update of `body` would hold, on `field`. */
function breaksCrossRule(resource: string, verb: string, base: Row, field: string, value: unknown): boolean {
  const rules = t.registry.get().resources.get(resource)?.schema['x-checks'];
  const record = { ...(verb === 'update' ? STORED_1.get(resource) : {}), ...base, [field]: value };
  return crossFieldErrors(rules, record).some((e) => e.field === field);
}

/** What sending `value` (null, or SQL/script text) in one field must do. */
function outcomeOf(route: RouteDef, field: string, s: Schema, value: unknown, base: Row = {}): Expect | undefined {
  const refuse = invalid({ field, names: namesOf(field, s) });
  if (!allows(s, value) || (s.enum && !s.enum.includes(value))) return refuse;
  if (typeof value === 'string' && s.maxLength !== undefined && [...value].length > s.maxLength) return refuse;
  const rv = resourceOf(route);
  if (rv && (rv.verb === 'list' || rv.verb === 'count')) return { kind: 'listed', matches: value === null ? 'any' : 'none' };
  if (rv && (rv.verb === 'save' || rv.verb === 'update')) {
    if (s['x-virtual']) return undefined; // consumed by a hook, not stored: covered by the user tests
    // null clears an optional field; where its column is NOT NULL (vehicle channels) it is refused, naming the field.
    if (value === null) return isNotNull(rv.resource, field) || breaksCrossRule(rv.resource, rv.verb, base, field, value) ? refuse : { kind: 'stored', field, value };
    if (s.format || s.pattern || s['x-password']) return refuse;
    return { kind: 'stored', field, value };
  }
  const acceptedNull = ACCEPTED_NULL[`${route.path} ${field}`];
  if (acceptedNull && value === null) return { kind: 'accepted', why: acceptedNull };
  const accepted = ACCEPTED_TEXT[`${route.path} ${field}`];
  if (accepted && value !== null) return { kind: 'accepted', why: accepted };
  const why = CODE_0_FOR_TEXT[`${route.path} ${field}`];
  return why ? { kind: 'failure', why } : refuse;
}

function casesFor(route: RouteDef): Case[] {
  const input = route.input as Schema;
  const base = baselineOf(route) ?? {};
  const cases: Case[] = [
    { name: 'malformed JSON', raw: '{"a":', expect: invalid({ message: '请求体不是有效的JSON' }) },
    { name: 'a text/plain body', raw: JSON.stringify(base), contentType: 'text/plain', expect: invalid({ status: 415, message: 'application/json' }) },
    { name: 'a form-encoded body', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', expect: invalid({ status: 415, message: 'application/json' }) },
    { name: 'an oversized body (> 1 MiB)', raw: OVERSIZED, expect: invalid({ status: 413, message: '请求体过大' }) },
    { name: 'an oversized body announced by content-length', raw: OVERSIZED, headers: { 'content-length': String(Buffer.byteLength(OVERSIZED)) }, expect: invalid({ status: 413, message: '请求体过大' }) },
    { name: 'a JSON array instead of an object', raw: '[]', expect: invalid({ names: ['请求体'] }) },
    { name: 'JSON null instead of an object', raw: 'null', expect: invalid({ names: ['请求体'] }) },
    { name: 'an unknown field', body: { ...base, hackerField: 1 }, expect: invalid({ field: 'hackerField', names: ['hackerField'] }) },
    { name: 'an unknown field named __proto__', raw: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"admin":true},').replace(',}', '}'), expect: invalid({ field: '__proto__' }) },
  ];
  for (const field of input.required ?? []) {
    const s = input.properties?.[field];
    cases.push({ name: `missing required ${field} (${s?.title ?? field})`, body: without(base, field), expect: invalid({ field, names: namesOf(field, s) }) });
  }
  for (const [field, s] of Object.entries(input.properties ?? {})) {
    const label = `${field} (${s.title ?? field})`;
    const names = namesOf(field, s);
    const bad = (name: string, value: unknown, itemNames = names) => cases.push({ name: `${label}: ${name}`, body: { ...base, [field]: value }, expect: invalid({ field, names: itemNames }) });
    const types = typesOf(s);
    const wrong = wrongValueFor(s);
    if (wrong !== undefined) bad(`wrong type ${JSON.stringify(wrong)}`, wrong);
    if (types.includes('integer')) bad('a non-integer 1.5', 1.5);
    if (types.includes('string') && s.maxLength !== undefined) bad(`${s.maxLength + 1} characters (max ${s.maxLength})`, 'x'.repeat(s.maxLength + 1));
    if (s.minimum !== undefined && s.minimum >= 0) bad(`negative -1 (minimum ${s.minimum})`, -1);
    if (types.includes('array') && (s.minItems ?? 0) > 0) bad('an empty list', []);
    const item = s.items;
    if (types.includes('array') && item) {
      const itemNames = [...namesOf(field, item), ...names];
      const wrongItem = wrongValueFor(item);
      if (wrongItem !== undefined) bad(`an item of wrong type ${JSON.stringify(wrongItem)}`, [wrongItem], itemNames);
      if (typesOf(item).includes('string') && item.maxLength !== undefined) bad(`an item of ${item.maxLength + 1} characters`, ['x'.repeat(item.maxLength + 1)], itemNames);
      if (item.minimum !== undefined && item.minimum >= 0) bad('a negative item -1', [-1], itemNames);
      if (typesOf(item).includes('string') && !item.enum) {
        const titled = { ...item, title: item.title ?? s.title };
        for (const text of [SQL, SCRIPT]) cases.push({ name: `${label}: item ${JSON.stringify(text)}`, body: { ...base, [field]: [text] }, expect: outcomeOf(route, field, titled, text) ?? invalid({ field }) });
      }
    }
    const nullCase = outcomeOf(route, field, s, null, base);
    if (nullCase) cases.push({ name: `${label}: null`, body: { ...base, [field]: null }, expect: nullCase });
    if (types.includes('string') || s.enum?.some((v) => typeof v === 'string')) {
      for (const text of [SQL, SCRIPT]) {
        const outcome = outcomeOf(route, field, s, text);
        if (outcome) cases.push({ name: `${label}: ${JSON.stringify(text)}`, body: { ...base, [field]: text }, expect: outcome });
      }
    }
  }
  return cases;
}

// ---------- sending and checking ----------

interface Answer {
  status: number;
  code: number;
  message: string;
  result: any;
}

async function send(method: 'GET' | 'POST', path: string, c: Partial<Case> = {}, auth = true): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  if (auth) headers.token = token;
  let body: string | undefined;
  if (c.raw !== undefined) body = c.raw;
  else if (c.body !== undefined) body = JSON.stringify(c.body);
  if (body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
  const res = await t.app.request(`/api${path}`, { method, headers, body });
  // A download answers its file, not the envelope: accepted as code 1.
  if (res.status === 200 && res.headers.get('content-type') === XLSX_TYPE && (FILE_ROUTES as readonly string[]).includes(path)) return { status: 200, code: 1, message: '', result: null };
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(LEAK);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const json = JSON.parse(text) as Omit<Answer, 'status'>;
  expect(Object.keys(json).sort()).toEqual(['code', 'message', 'result']);
  return { status: res.status, ...json };
}

const ROLLED_BACK = Symbol('rolled back');
/**
 * Runs `fn` inside a transaction of the app's database that is always rolled back. The requests `fn`
 * sends join it (their transactions become savepoints, server/db/port.ts), so nothing they write stays.
 */
async function rolledBack(fn: () => Promise<void>) {
  try {
    await t.db.transaction(async () => {
      await fn();
      throw ROLLED_BACK;
    });
  } catch (e) {
    if (e !== ROLLED_BACK) throw e;
  }
}

/** Runs one case inside a transaction that is always rolled back, and checks its answer. */
async function check(route: RouteDef, c: Case) {
  await rolledBack(async () => {
    const r = await send('POST', urlOf(route), { ...c, headers: { ...headersOf(route.path), ...c.headers } });
    const e = c.expect;
    if (e.kind === 'invalid') {
      expect([r.code, r.status], r.message).toEqual([100, e.status ?? 400]);
      if (e.message) expect(r.message).toContain(e.message);
      if (e.names) expect(e.names.some((n) => r.message.includes(n)), `"${r.message}" names none of ${e.names.join(', ')}`).toBe(true);
      if (e.field) expect(String(r.result?.field ?? '').split('.')[0]).toBe(e.field);
    } else if (e.kind === 'failure') {
      expect(r.code, r.message).toBe(0);
    } else if (e.kind === 'accepted') {
      expect(r.code, r.message).toBe(1);
    } else if (e.kind === 'listed') {
      expect(r.code, r.message).toBe(1);
      const total = typeof r.result === 'number' ? r.result : r.result.totalRecords;
      if (e.matches === 'none') expect(total).toBe(0);
      else expect(total).toBeGreaterThan(0);
    } else {
      expect(r.code, r.message).toBe(1);
      const rv = resourceOf(route)!;
      const id = rv.verb === 'save' ? r.result.id : (c.body as Row).id;
      const detail = await send('GET', `/res/${rv.resource}/detail?id=${id}`);
      expect(detail.result[e.field]).toStrictEqual(e.value);
    }
    if (e.kind === 'invalid' || e.kind === 'failure') await t.assertUnchanged(initial);
  });
}

beforeAll(async () => {
  token = await t.login('admin');
  initial = await t.snapshot();
});

// ---------- the suite ----------

describe('the route table', () => {
  it('gives every POST route with an input schema a valid baseline body', () => {
    const missing = POST_ROUTES.filter((r) => baselineOf(r) === undefined).map((r) => r.path);
    expect(missing).toEqual([]);
    for (const r of POST_ROUTES) expect(() => validateOrThrow(r.input!, baselineOf(r)), r.path).not.toThrow();
  });

  it('bounds every string field of every POST input (maxLength or enum), so no field takes a megabyte', () => {
    const unbounded: string[] = [];
    const walk = (s: Schema, at: string) => {
      if (typesOf(s).includes('string') && s.maxLength === undefined && !s.enum) unbounded.push(at);
      for (const [k, p] of Object.entries(s.properties ?? {})) walk(p, `${at}.${k}`);
      if (s.items) walk(s.items, `${at}[]`);
    };
    for (const r of POST_ROUTES) walk(r.input as Schema, r.path);
    expect(unbounded).toEqual([]);
  });

  it('covers the non-resource writes too', () => {
    const paths = POST_ROUTES.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(Object.keys(OTHER_BODIES)));
    expect(paths.filter((p) => p.startsWith('/res/')).length).toBeGreaterThanOrEqual(8 * 6);
  });
});

describe.each(POST_ROUTES.map((r) => [r.path, r] as const))('POST %s', (_path, route) => {
  it('accepts its baseline body (so each refusal below is caused by the one thing changed)', async () => {
    await rolledBack(async () => {
      const r = await send('POST', urlOf(route), { body: baselineOf(route), headers: headersOf(route.path) });
      expect([1, 105, 107], r.message).toContain(r.code);
    });
  });

  it.each(casesFor(route))('$name', (c) => check(route, c));
});

describe('nested fields', () => {
  it.each([
    ['/res/vehicle/list', { sorts: [{ field: SQL }] }, 'sorts', '排序字段'],
    ['/res/vehicle/list', { sorts: [{ field: 'vehicleNo', order: SCRIPT }] }, 'sorts', '排序方向'],
    ['/res/vehicle/list', { sorts: [{ field: 'vehicleNo', hacker: 1 }] }, 'sorts', 'hacker'],
    ['/res/vehicle/list', { updatedAt: [1, 2, 3] }, 'updatedAt', '更新时间'],
    ['/tms/field/setColumn', { id: 'base/vehicle-list', columns: [{ fieldId: SQL, display: true }] }, SQL, '字段'],
    ['/tms/field/setColumn', { id: 'base/vehicle-list', columns: [{ fieldId: 'vehicleNo', display: 'yes' }] }, 'columns', '显示'],
    ['/tms/field/setSearch', { id: 'base/vehicle-list', searches: [{ fieldId: SCRIPT, display: true }] }, SCRIPT, '字段'],
    ['/role/saveOperations', { roleId: 2, operationIds: [SQL] }, 'operationIds', '操作权限'],
  ])('%s %j → code 100 naming the field', async (path, body, field, title) => {
    await rolledBack(async () => {
      const r = await send('POST', path, { body });
      expect([r.status, r.code]).toEqual([400, 100]);
      expect(r.message).toContain(title);
      expect(String(r.result?.field)).toContain(field);
      await t.assertUnchanged(initial);
    });
  });
});

describe('GET routes with query input', () => {
  const details = ROUTES.filter((r) => r.method === 'GET' && r.path.endsWith('/detail')).map((r) => r.path);

  it.each(details.flatMap((path) => [
    [path, '?id=abc', 'ID'],
    [path, '?id=-1', 'ID'],
    [path, '?id=1.5', 'ID'],
    [path, '', 'ID'],
    [path, `?id=${encodeURIComponent(SQL)}`, 'ID'],
    [path, '?id=1&hacker=1', 'hacker'],
  ]))('GET %s%s → code 100 naming %s', async (path, query, names) => {
    const r = await send('GET', `${path}${query}`);
    expect([r.status, r.code]).toEqual([400, 100]);
    expect(r.message).toContain(names);
  });

  it.each([
    ['/role/getOperationTree?roleId=abc', 100],
    ['/role/getOperationTree', 100],
    ['/baseDictionary/findByDicTypeKey', 100],
    [`/baseDictionary/findByDicTypeKey?dicTypeKey=${encodeURIComponent(SQL)}`, 0],
    [`/ui/pages/${encodeURIComponent(SCRIPT)}`, 0],
    [`/tms/field/getColumn/${encodeURIComponent(SQL)}`, 0],
  ])('GET %s → code %i', async (path, code) => {
    expect((await send('GET', path)).code).toBe(code);
  });
});

describe('answers outside the declared routes', () => {
  it.each([
    ['GET', '/no/such/path'],
    ['POST', '/no/such/path'],
    ['POST', '/res/noSuchResource/list'],
    ['GET', '/res/vehicle/save'],
    ['GET', '/login'],
    ['POST', `/res/vehicle/${encodeURIComponent(SQL)}`],
  ] as const)('%s /api%s → JSON 404 with code 0', async (method, path) => {
    const r = await send(method, path, method === 'POST' ? { body: {} } : {});
    expect([r.status, r.code]).toEqual([404, 0]);
    expect(r.message).toContain('接口不存在');
  });

  it('checks the session before the body: without one, bad input answers 103 and reveals nothing', async () => {
    for (const c of [{ raw: '{"a":' }, { body: { hackerField: 1 } }, { raw: OVERSIZED }]) {
      const r = await send('POST', '/res/vehicle/save', c, false);
      expect([r.status, r.code]).toEqual([401, 103]);
    }
    await t.assertUnchanged(initial);
  });
});

describe('SQL- and script-looking text in free-text fields stays a value', async () => {
  // A fresh platform and no rollback: the values must survive as stored data.
  const f = await createTestApp();
  const countVehicles = async (where = '1 = 1') => (await f.db.one<{ n: number }>(`SELECT count(*) AS n FROM vehicles WHERE ${where}`))!.n;
  const vehiclesAtStart = await countVehicles();
  const corp1AtStart = await countVehicles('corp_id = 1 AND is_deleted = 0');
  let admin: Awaited<ReturnType<typeof f.as>>;
  beforeAll(async () => {
    admin = await f.as('admin');
  });

  it.each([
    ['vehicle', { vehicleNo: '浙A9K101', carrierId: 1, remark: SQL }, 'remark', SQL],
    ['vehicle', { vehicleNo: '浙A9K102', carrierId: 1, remark: SCRIPT }, 'remark', SCRIPT],
    ['carrier', { carrierCode: 'TXT001', carrierName: SQL }, 'carrierName', SQL],
    ['carrier', { carrierCode: 'TXT002', carrierName: '承运商', address: SCRIPT }, 'address', SCRIPT],
    ['customer', { customerCode: 'TXT001', customerName: SCRIPT }, 'customerName', SCRIPT],
    ['carModel', { modelName: SQL }, 'modelName', SQL],
    ['carModel', { modelName: SCRIPT }, 'modelName', SCRIPT],
    ['department', { orgName: SQL, orgCode: 'TXT01' }, 'orgName', SQL],
    ['role', { roleName: SCRIPT }, 'roleName', SCRIPT],
    ['driver', { driverName: '司机', mobile: '13900000101', remark: SQL }, 'remark', SQL],
  ])('%s: %j reads back identical', async (resource, body, field, text) => {
    const saved = await admin.post(`/res/${resource}/save`, body);
    expect(saved.code, saved.message).toBe(1);
    const detail = await admin.get(`/res/${resource}/detail?id=${saved.result.id}`);
    expect(detail.result[field]).toBe(text);
    const stored = await f.db.one(`SELECT ${columnOf(field)} AS v FROM ${tableOf(resource)} WHERE id = ?`, [saved.result.id]);
    expect(stored).toEqual({ v: text });
  });

  it('finds such a value with the like filter and only that one', async () => {
    const models = await admin.post('/res/carModel/list', { modelName: SQL });
    expect(models.result.data.map((m: Row) => m.modelName)).toEqual([SQL]);
    const carriers = await admin.post('/res/carrier/list', { carrierName: "'; DROP" });
    expect(carriers.result.data.map((c: Row) => c.carrierName)).toEqual([SQL]);
  });

  it('updates to such a value, records it in the history verbatim, and every table is still there', async () => {
    const r = await admin.post('/res/vehicle/update', { id: 1, version: 1, remark: SCRIPT });
    expect(r.code).toBe(1);
    const [latest] = (await admin.post('/res/vehicle/history', { id: 1 })).result.data;
    expect(latest.changes).toEqual([{ field: 'remark', title: '备注', before: null, after: SCRIPT }]);
    // The two vehicles saved above are the only new rows: the 'DROP TABLE' text dropped nothing.
    expect(await countVehicles()).toBe(vehiclesAtStart + 2);
    expect((await admin.post('/res/vehicle/count', {})).result).toBe(corp1AtStart + 2);
  });
});
