// The contract every plain entity keeps, checked for each resource file that derives its pages (one
// file per entity, docs/configurator.md): save and read back, list, paging, the sort whitelist,
// every declared filter, unique keys, update with history and the version check, batch delete (105),
// another corporation's and partner users' scoping, and bad input on every field of every write.
// Records are made from the resource's own schema (support/sample-record.ts), so a new entity is
// covered the day its file lands.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../server/registry/load.ts';
import type { FieldSchema, ResourceFile } from '../server/registry/types.ts';
import { badValues, breakRule, fitChecks, sampleRecord, sampleValue } from './support/sample-record.ts';
import { createTestApp, type Reply, type TestApp } from './support/test-app.ts';
import { REF_TARGETS } from '../server/registry/ref-targets.ts';

type Row = Record<string, any>;
type Caller = Awaited<ReturnType<TestApp['as']>>;

const CONFLICT = '数据已被他人修改，请刷新后重试';
const TIME_STR = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** An `x-time: "date"` field: a calendar day, no time of day. */
const DAY_STR = /^\d{4}-\d{2}-\d{2}$/;
const REGISTRY = loadRegistry();
const PLAIN = [...REGISTRY.resources.values()].filter((r) => r.pages);

/** Free text: no format, pattern or list of values, so anything typed is stored as typed. */
const freeText = (f: FieldSchema) => f.type === 'string' && !f.format && !f.pattern && !f.enum;

function expectInvalid(r: Reply, field: string, title: string) {
  expect(r.status, r.message).toBe(400);
  expect(r.code).toBe(100);
  // Messages name a field without its unit or note: 车长(米) is 车长：请输入数字, and so is a （…） ending.
  expect(r.message).toContain(title.replace(/[(（].*[)）]$/, ''));
  expect(r.result?.field).toBe(field);
}

it('covers at least the package and the car model', () => {
  expect(PLAIN.map((r) => r.id)).toEqual(expect.arrayContaining(['carModel', 'packageInfo']));
});

describe.each(PLAIN.map((r) => [r.id, r] as const))('%s (one resource file)', (id, resource: ResourceFile) => {
  const fields = Object.entries(resource.schema.properties);
  const api = (verb: string) => `/res/${id}/${verb}`;
  let t: TestApp;
  let admin: Caller;
  let n = 0;
  const referenced = new Map<string, number>();
  // Targets that are not resource files (fences): the n-th record points at its own rows, so that
  // a unique key made of two such references (a distance's from and to) differs per record.
  const builtinRows = new Map<string, number[]>();
  const record = (): Row => {
    const at = ++n;
    let call = 0;
    return sampleRecord(resource, at, (res) => {
      const rows = builtinRows.get(res);
      if (!rows) return referenced.get(res);
      const k = rows.length;
      return rows[call++ === 0 ? at % k : Math.floor(at / k) % k];
    });
  };
  const save = async (rec: Row = record()) => {
    const r = await admin.post(api('save'), rec);
    expect(r.code, `${id} save: ${r.message}`).toBe(1);
    return { id: r.result.id as number, rec };
  };
  const detail = async (caller: Caller, recordId: number) => caller.get(`${api('detail')}?id=${recordId}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    // A live record of each resource this one points at, and of those its targets point at (a new target is saved below).
    const all = Object.values(resource.references ?? {}).map((ref) => ref.resource);
    for (const target of all.filter((r) => REF_TARGETS[r])) {
      const r = await admin.post(REF_TARGETS[target].list, { pageSize: 2000 });
      builtinRows.set(target, r.result.data.map((row: Row) => row.id as number));
    }
    const targets = all.filter((r) => !REF_TARGETS[r]);
    const needed = new Set([...targets, ...targets.flatMap((target) => Object.values(REGISTRY.resources.get(target)!.references ?? {}).map((ref) => ref.resource))]);
    for (const target of needed) {
      const r = await admin.post(`/res/${target}/list`, { pageSize: 1 });
      referenced.set(target, r.result.data[0].id);
    }
    // A record that takes its carrier from another it points at (a schedule from its line, readOnlyFields):
    // the vehicles and drivers made for it are that carrier's, as a user could only pick those.
    const carrierFrom = Object.values(resource.references ?? {}).find((ref) => resource.readOnlyFields?.carrierId && ref.resource !== 'carrier' && REGISTRY.resources.get(ref.resource)?.schema.properties.carrierId);
    if (carrierFrom) {
      const row = (await admin.get(`/res/${carrierFrom.resource}/detail?id=${referenced.get(carrierFrom.resource)}`)).result;
      if (row?.carrierId) referenced.set('carrier', row.carrierId);
    }
  });

  it('saves a record and reads back every field, version 1, references by label and times as text', async () => {
    const { id: saved, rec } = await save();
    const r = await detail(admin, saved);
    expect(r.code, r.message).toBe(1);
    for (const [field, f] of fields) {
      expect(r.result[field], field).toEqual(rec[field]);
      if (resource.references?.[field] && rec[field] != null) expect(r.result[`${field.replace(/Id$/, '')}Name`], `${field} label`).toBeTruthy();
      if (f['x-time']) expect(r.result[`${field}Str`]).toMatch(f['x-time'] === 'date' ? DAY_STR : TIME_STR);
    }
    expect(r.result.version).toBe(1);
  });

  it('lists page by page with the total of the count, never repeating a row', async () => {
    for (let i = 0; i < 3; i++) await save();
    const total = (await admin.post(api('count'), {})).result as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    for (let curPage = 1; curPage <= Math.ceil(total / 2); curPage++) {
      const r = await admin.post(api('list'), { curPage, pageSize: 2 });
      expect(r.code).toBe(1);
      expect(r.result.totalRecords).toBe(total);
      seen.push(...r.result.data.map((row: Row) => row.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('sorts by every declared field both ways and refuses any other', async () => {
    for (const field of resource.sort ?? []) {
      for (const order of ['asc', 'desc']) {
        const r = await admin.post(api('list'), { sorts: [{ field, order }] });
        expect(r.code, `${field} ${order}: ${r.message}`).toBe(1);
      }
    }
    const unsorted = fields.map(([f]) => f).find((f) => !(resource.sort ?? []).includes(f)) ?? 'noSuchField';
    const r = await admin.post(api('list'), { sorts: [{ field: unsorted, order: 'asc' }] });
    expect(r.status).toBe(400);
    expect(r.code).toBe(100);
  });

  it('finds a record by each declared filter', async () => {
    const { id: saved, rec } = await save();
    const now = Date.now();
    // A read-only column (a store's 校准状态) is searched by the value the server gave the new record; one it left empty has nothing to find it by.
    const stored = (await admin.get(`${api('detail')}?id=${saved}`)).result as Row;
    for (const [field, operator] of Object.entries(resource.search ?? {})) {
      const readOnly = !!resource.readOnlyFields?.[field];
      if (readOnly && stored[field] === null) continue;
      const value = readOnly ? stored[field] : rec[field];
      const body =
        // A time field of the record around its own value; the audit times (not in the schema) around now.
        operator === 'range' ? { [field]: typeof value === 'number' ? [value - 3_600_000, value + 3_600_000] : [now - 3_600_000, now + 3_600_000] }
        : operator === 'in' ? { [field]: [value] }
        : operator === 'like' ? { [field]: String(value).slice(1) }
        : { [field]: value };
      const r = await admin.post(api('list'), { ...body, pageSize: 1000 });
      expect(r.code, `${field}: ${r.message}`).toBe(1);
      expect(r.result.data.map((row: Row) => row.id), `${field} ${operator}`).toContain(saved);
    }
  });

  it('refuses a duplicate of each unique key, naming it, and changes nothing', async () => {
    for (const key of resource.unique ?? []) {
      const { rec } = await save();
      const copy = { ...record(), ...Object.fromEntries(key.map((k) => [k, rec[k]])) };
      const r = await t.refused(() => admin.post(api('save'), copy));
      expect(r.code).toBe(100);
      const titles = key.map((k) => resource.schema.properties[k].title as string);
      expect(titles.some((title) => r.message.includes(title)), r.message).toBe(true);
    }
  });

  it('updates with the version, records who changed what, and refuses a stale version', async () => {
    const { id: saved } = await save();
    const changed = record();
    const r = await admin.post(api('update'), { ...changed, id: saved, version: 1 });
    expect(r.code, r.message).toBe(1);
    const after = await detail(admin, saved);
    expect(after.result.version).toBe(2);
    for (const [field] of fields) expect(after.result[field], field).toEqual(changed[field]);
    if (resource.history) {
      const history = await admin.post(api('history'), { id: saved });
      expect(history.result.data.map((h: Row) => h.action)).toEqual(expect.arrayContaining(['create', 'update']));
    }
    const stale = await t.refused(() => admin.post(api('update'), { ...record(), id: saved, version: 1 }));
    expect(stale.message).toBe(CONFLICT);
  });

  it('batch deletes with a 105 answer, after which the record is gone', async () => {
    const { id: saved } = await save();
    const r = await admin.post(api('batchDelete'), { ids: [saved, 999_999] });
    expect(r.code).toBe(105);
    expect(r.result).toMatchObject({ total: 2, successCount: 1, failCount: 1 });
    expect((await detail(admin, saved)).code).toBe(0);
  });

  // A fence is deleted by its own rules (soft, still shown where it is used): not checked here.
  // A user cannot be made from a generic sample (its type needs a partner, its password the password rule):
  // tests/alarm-notify.test.ts checks that a user an alarm contact names is kept from deletion.
  // A field the server fills (readOnlyFields: a schedule's customer, its line's) is not pointed by the user.
  it.each(Object.entries(resource.references ?? {}).filter(([field, ref]) => !REF_TARGETS[ref.resource] && ref.resource !== 'user' && !resource.readOnlyFields?.[field]).map(([field, ref]) => [field, ref.resource] as const))(
    'keeps the %s record it points at from being deleted',
    async (field, target) => {
      const targetResource = REGISTRY.resources.get(target)!;
      expect(targetResource.dependents, `${target}.json lists ${id} as a dependent`).toContainEqual({ resource: id, field });
      const other = await admin.post(`/res/${target}/save`, sampleRecord(targetResource, 900 + ++n, (res) => referenced.get(res), true));
      expect(other.code, other.message).toBe(1);
      await save(fitChecks(resource, { ...record(), [field]: other.result.id }, [field]));
      const r = await admin.post(`/res/${target}/batchDelete`, { ids: [other.result.id] });
      expect(r.result).toMatchObject({ successCount: 0, cannotDeleteCount: 1 });
    },
  );

  it('shows nothing to another corporation, and lets it change nothing', async () => {
    const { id: saved, rec } = await save();
    const other = await t.as('admin2');
    expect((await detail(other, saved)).code).toBe(0);
    const listed = await other.post(api('list'), { pageSize: 1000 });
    expect(listed.result.data.map((row: Row) => row.id)).not.toContain(saved);
    await t.refused(() => other.post(api('update'), { ...rec, id: saved, version: 1 }));
    const removed = await other.post(api('batchDelete'), { ids: [saved] });
    expect(removed.result).toMatchObject({ successCount: 0 });
    expect((await detail(admin, saved)).code).toBe(1);
  });

  it.each([['customer', 1], ['carrier', 2]] as const)('shows a %s user the rows its scope gives it', async (userName, userType) => {
    const scope = resource.scope?.[userName];
    const { id: saved } = await save();
    // The grant to read, so that what remains is the scope alone.
    await t.db.run(
      `INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, ? FROM user_roles ur JOIN users u ON u.id = ur.user_id
        WHERE u.user_name = ? ON CONFLICT DO NOTHING`, [resource.permissions.list[0], userName]);
    const partner = await t.as(userName);
    const listed = await partner.post(api('list'), { pageSize: 1000 });
    expect(listed.code, listed.message).toBe(1);
    const ids = listed.result.data.map((row: Row) => row.id as number);
    if (scope === undefined) expect(ids, `user type ${userType} sees nothing`).toEqual([]);
    else if (scope === '*') expect(ids).toContain(saved);
    else if (!(scope in resource.schema.properties)) {
      // The scope column is the server's, taken from a parent record (a rate rule's contract): no body
      // can name it. What is listed is still the user's own only (tests/settlement-contracts.test.ts
      // shows the user's own rows listed).
      const { partnerId } = (await t.db.one<{ partnerId: number }>('SELECT partner_id AS "partnerId" FROM users WHERE user_name = ?', [userName]))!;
      expect((listed.result.data as Row[]).every((row) => row[scope] === partnerId), `every row's ${scope} is the user's`).toBe(true);
    } else {
      const { partnerId } = (await t.db.one<{ partnerId: number }>('SELECT partner_id AS "partnerId" FROM users WHERE user_name = ?', [userName]))!;
      const own = await save(fitChecks(resource, { ...record(), [scope]: partnerId }, [scope]));
      const mine = (await partner.post(api('list'), { pageSize: 1000 })).result.data as Row[];
      expect(mine.map((row) => row.id)).toContain(own.id);
      expect(mine.every((row) => row[scope] === partnerId), `every row's ${scope} is the user's`).toBe(true);
    }
  });

  // Only resources that declare rules between fields get this block (an empty block fails).
  if (resource.schema['x-checks']?.length) describe('rules between fields (x-checks)', () => {
    const fill = (field: string) =>
      sampleValue(field, resource.schema.properties[field], n, (res) => referenced.get(res) ?? builtinRows.get(res)?.[0], resource);
    const rules = (resource.schema['x-checks'] ?? []).map((rule) => [rule.message, rule] as const);

    it.each(rules)('refuses a record where %s, on save and on update, and changes nothing', async (message, rule) => {
      const saveRefused = await t.refused(() => admin.post(api('save'), breakRule(resource, record(), rule, fill)));
      expect(saveRefused.message).toContain(message);
      const { id: saved } = await save();
      const updateRefused = await t.refused(() => admin.post(api('update'), { ...breakRule(resource, record(), rule, fill), id: saved, version: 1 }));
      expect(updateRefused.message).toContain(message);
      expect((await detail(admin, saved)).result.version).toBe(1);
    });

    // An update sending one side of a pair is checked against the other side as stored.
    it.each(rules.filter(([, rule]) => 'atLeast' in rule))('checks an update of %s alone against the stored record', async (message, rule) => {
      const { id: saved, rec } = await save();
      const low = rec[(rule as { atLeast: string }).atLeast] as number;
      const r = await t.refused(() => admin.post(api('update'), { id: saved, version: 1, [rule.field]: low - 1 }));
      expect(r.message).toContain(message);
      expect((await admin.post(api('update'), { id: saved, version: 1, [rule.field]: low })).code).toBe(1);
    });
  });

  describe('bad input', () => {
    it.each(fields.flatMap(([field, f]) => badValues(f).map((bad) => [field, bad.why, bad.value] as const)))(
      'refuses %s as %s, naming it, on save and on update',
      async (field, _why, value) => {
        const title = resource.schema.properties[field].title as string;
        expectInvalid(await t.refused(() => admin.post(api('save'), { ...record(), [field]: value })), field, title);
        const { id: saved } = await save();
        expectInvalid(await t.refused(() => admin.post(api('update'), { id: saved, version: 1, [field]: value })), field, title);
      },
    );

    it.each((resource.schema.required ?? []).map((field) => [field]))('refuses a record without %s, naming it', async (field) => {
      const rec = record();
      delete rec[field];
      expectInvalid(await t.refused(() => admin.post(api('save'), rec)), field, resource.schema.properties[field].title as string);
    });

    it('refuses an unknown field, and an oversized body', async () => {
      const unknown = await t.refused(() => admin.post(api('save'), { ...record(), noSuchField: 1 }));
      expect(unknown.code).toBe(100);
      const huge = await t.refused(() => admin.post(api('save'), { ...record(), remark: 'x'.repeat(1_100_000) }));
      expect(huge.code).toBe(100);
      expect(huge.status).toBe(413);
    });

    it('stores SQL- and script-looking text exactly as typed', async () => {
      const texts = fields.filter(([, f]) => freeText(f));
      for (const sample of ["'; DROP TABLE users; --", '<script>alert(1)</script>']) {
        const rec = record();
        for (const [field, f] of texts) rec[field] = sample.slice(0, (f.maxLength as number | undefined) ?? sample.length);
        // A free-text unique key still has to differ from the other records'.
        for (const key of resource.unique ?? []) for (const k of key) if (texts.some(([f]) => f === k)) rec[k] = `${(rec[k] as string).slice(0, 10)}${n}`;
        const { id: saved } = await save(rec);
        const r = await detail(admin, saved);
        for (const [field] of texts) expect(r.result[field], field).toBe(rec[field]);
      }
    });
  });
});
