// 服务评价: the questions the settings ask are the ones the evaluation dialog shows and the evaluate
// action checks; their answers become columns of 评价明细 and figures of 评价汇总; a change of the
// settings applies from its moment on (an earlier evaluation keeps its questions); partners see only
// their own rows, on screen and in the export.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';
import { sheetOf } from './support/import-files.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, any>;
let t: TestApp;
let admin: Caller, dispatcher: Caller, carrier: Caller, customer: Caller;
let myCarrier: number, otherCarrier: number, myCustomer: number, otherCustomer: number;

const row = async (q: string, ...p: unknown[]) => (await t.db.one<Row>(q, p))!;
const ok = async (r: Promise<{ code: number; message: string; result: any }>) => {
  const a = await r;
  expect(a.code, a.message).toBe(1);
  return a.result;
};
const q = (title: string, kind: string, more: Row = {}) => ({ title, kind, required: false, sort: 1, enabled: true, ...more });
const save = (body: Row) => ok(dispatcher.post('/evaluate/saveEvaluateSetting', body));

/** A waybill awaiting evaluation (500 / step 16) of the given carrier and customer. */
async function awaiting(carrierId: number, customerId: number) {
  const f = await insertWaybill(t.db, { customerId });
  await placeAt(t.db, f, { status: 500, step: 16 }, carrierId);
  return f;
}
const evaluate = (waybillId: number, body: Row) => dispatcher.post('/waybillAction/evaluate', { id: waybillId, version: 1, score: 4, ...body });

async function grant(userName: string, ...ops: string[]) {
  for (const op of ops) {
    await t.db.run(`INSERT INTO role_operations (corp_id, role_id, operation_id) SELECT 1, ur.role_id, ? FROM user_roles ur JOIN users u ON u.id = ur.user_id
      WHERE u.user_name = ? ON CONFLICT DO NOTHING`, [op, userName]);
  }
  t.sessions.invalidate();
}

async function exported(by: Caller, pageId: string) {
  const created = await ok(by.post('/exportCenter/create', { pageId }));
  for (let i = 0; i < 400; i++) {
    const list = await ok(by.post('/exportCenter/list', { curPage: 1, pageSize: 50 }));
    const task = list.data.find((x: Row) => x.id === created.id);
    expect(task?.status, task?.failReason).not.toBe(2);
    if (task && task.status !== 3) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return sheetOf(await t.app.request(`/api/exportCenter/download/${created.id}`, { headers: { token: by.token } }) as Response);
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo's partner roles hold both reports; the carrier's is given the export centre here.
  await grant('carrier', 'exportCenter3');
  [admin, dispatcher, carrier, customer] = await Promise.all(['admin', 'dispatcher', 'carrier', 'customer'].map((u) => t.as(u)));
  myCarrier = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'carrier'")).id;
  myCustomer = (await row("SELECT partner_id AS id FROM users WHERE user_name = 'customer'")).id;
  otherCarrier = (await row('SELECT id FROM carriers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', myCarrier)).id;
  otherCustomer = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', myCustomer)).id;
});

describe('service comment', () => {
  let first: { waybillId: number; waybillNo: string };
  let onTime: string, polite: string, friendly: string;

  it('asks the questions of the settings in the dialog and stores each answer', async () => {
    const v1 = await save({ questions: [q('准时送达', 'star', { required: true, sort: 1 }), q('司机礼貌', 'yesNo', { sort: 2 }), q('其他意见', 'text', { sort: 3 })] });
    expect(v1.version).toBe(1);
    [onTime, polite] = v1.questions.map((x: Row) => x.key);
    const f = await awaiting(myCarrier, myCustomer);
    first = f;
    const dialog = await ok(dispatcher.get(`/waybillAction/getEvaluateSetting?id=${f.waybillId}`));
    expect(dialog.questions.map((x: Row) => [x.title, x.kind, x.required])).toEqual([['准时送达', 'star', true], ['司机礼貌', 'yesNo', false], ['其他意见', 'text', false]]);
    expect(dialog.settingVersion).toBe(1);
    await ok(evaluate(f.waybillId, { answers: [{ key: onTime, value: 5 }, { key: polite, value: true }] }));
    const stored = await t.db.all<Row>('SELECT question_key AS "key", value FROM evaluation_answers WHERE waybill_id = ? ORDER BY question_key', [f.waybillId]);
    expect(stored).toEqual([{ key: onTime, value: 5 }, { key: polite, value: 1 }]);
    expect((await row('SELECT s.version FROM waybill_evaluations e JOIN evaluate_settings s ON s.id = e.setting_id WHERE e.waybill_id = ?', f.waybillId)).version).toBe(1);
  });

  it('refuses a missing required answer, a value out of range and a question not asked, changing nothing', async () => {
    const f = await awaiting(myCarrier, myCustomer);
    const cases: [Row, string][] = [
      [{}, '评价项「准时送达」：必须填写'],
      [{ answers: [{ key: onTime, value: 6 }] }, '评价项「准时送达」：请选择1到5星'],
      [{ answers: [{ key: onTime, value: 0 }] }, '评价项「准时送达」：请选择1到5星'],
      [{ answers: [{ key: onTime, value: '五星' }] }, '评价项「准时送达」：请选择1到5星'],
      [{ answers: [{ key: onTime, value: 5 }, { key: polite, value: 1 }] }, '评价项「司机礼貌」：请选择是或否'],
      [{ answers: [{ key: onTime, value: 5 }, { key: 'q999', value: 1 }] }, '评价项：该评价项已停用或不存在，请刷新后重试'],
      [{ answers: [{ key: onTime, value: 5 }, { key: onTime, value: 4 }] }, '评价项：同一评价项只能回答一次'],
    ];
    for (const [body, message] of cases) {
      const r = await t.refused(() => evaluate(f.waybillId, body));
      expect([r.code, r.message, r.result?.field]).toEqual([100, message, 'answers']);
    }
    for (const answers of [[{ key: "q1' OR 1=1 --", value: 1 }], [{ key: onTime }], [{ key: onTime, value: 5, extra: 1 }], 'x', [{ key: onTime, value: 'a'.repeat(201) }], Array.from({ length: 21 }, () => ({ key: onTime, value: 5 }))]) {
      const r = await t.refused(() => evaluate(f.waybillId, { answers }));
      expect(r.code).toBe(100);
      expect(r.message).toMatch(/^(评价项|answers)/);
    }
    const long = await t.refused(() => evaluate(f.waybillId, { answers: [{ key: onTime, value: 5 }, { key: `q${Number(onTime.slice(1)) + 2}`, value: '好'.repeat(201) }] }));
    expect(long.message).toMatch(/^评价项/);
  });

  it('keeps an earlier evaluation\'s questions when the settings change, and asks the new ones from then on', async () => {
    const before = await ok(dispatcher.get('/evaluate/getEvaluateSetting'));
    const changed = before.questions.map((x: Row) => (x.key === polite ? { ...x, enabled: false } : x));
    const v2 = await save({ questions: [...changed, q('车厢整洁', 'star', { sort: 4, required: true })] });
    expect(v2.version).toBe(2);
    // A question keeps its key across versions; the new one gets the next.
    expect(v2.questions.map((x: Row) => x.key).slice(0, 3)).toEqual(before.questions.map((x: Row) => x.key));
    friendly = v2.questions[3].key;

    const f = await awaiting(otherCarrier, otherCustomer);
    const dialog = await ok(dispatcher.get(`/waybillAction/getEvaluateSetting?id=${f.waybillId}`));
    expect(dialog.questions.map((x: Row) => x.title)).toEqual(['准时送达', '其他意见', '车厢整洁']);
    const r = await t.refused(() => evaluate(f.waybillId, { answers: [{ key: onTime, value: 3 }] }));
    expect(r.message).toBe('评价项「车厢整洁」：必须填写');
    expect((await t.refused(() => evaluate(f.waybillId, { answers: [{ key: onTime, value: 3 }, { key: friendly, value: 4 }, { key: polite, value: true }] }))).message)
      .toBe('评价项：该评价项已停用或不存在，请刷新后重试');
    await ok(evaluate(f.waybillId, { score: 2, answers: [{ key: onTime, value: 3 }, { key: friendly, value: 2 }] }));

    // 评价明细: the question turned off is still a column, answered by the first evaluation only.
    const columns = await ok(dispatcher.get('/evaluate/getEvaluateColumn'));
    expect(columns.map((c: Row) => c.title)).toEqual(['准时送达', '其他意见', '车厢整洁', '司机礼貌（已停用）']);
    const details = await ok(dispatcher.post('/evaluate/listEvaluationReport', { curPage: 1, pageSize: 50 }));
    const byNo = new Map(details.data.map((d: Row) => [d.waybillNo, d]));
    const old = byNo.get(first.waybillNo) as Row;
    expect([old.settingVersion, old[`answer_${onTime}`], old[`answer_${polite}`], old[`answer_${friendly}`]]).toEqual(['V1', '5星', '是', undefined]);
    const fresh = byNo.get(f.waybillNo) as Row;
    expect([fresh.settingVersion, fresh.score, fresh[`answer_${onTime}`], fresh[`answer_${friendly}`], fresh[`answer_${polite}`]]).toEqual(['V2', 2, '3星', '2星', undefined]);

    // 评价汇总: per carrier and month, the new question's average beside the others.
    const summary = await ok(dispatcher.post('/evaluate/listServiceEvaluationSummary', {}));
    const mine = summary.data.find((g: Row) => g.carrierId === myCarrier);
    const theirs = summary.data.find((g: Row) => g.carrierId === otherCarrier);
    expect([mine.evaluationCount, mine.avgScore, mine[`avgStar_${onTime}`], mine[`yesRate_${polite}`]]).toEqual([1, '4.00', '5.00', '100.0']);
    expect([theirs.evaluationCount, theirs.avgScore, theirs[`avgStar_${onTime}`], theirs[`avgStar_${friendly}`]]).toEqual([1, '2.00', '3.00', '2.00']);
    const summaryColumns = await ok(dispatcher.get('/evaluate/getServiceEvaluationSummaryColumn'));
    expect(summaryColumns.map((c: Row) => c.title)).toEqual(['准时送达平均星级', '车厢整洁平均星级', '司机礼貌（已停用）“是”占比(%)']);
    // The pages carry those columns after their own.
    const page = await ok(dispatcher.get('/ui/pages/rules%2Fevaluate-report'));
    expect(page.columns.map((c: Row) => c.title)).toEqual(expect.arrayContaining(['评价设置版本', '车厢整洁', '司机礼貌（已停用）']));
  });

  it('a business type\'s own setting overrides the corporation\'s for its waybills only', async () => {
    const own = await save({ businessType: 2, questions: [q('饲料无洒漏', 'yesNo', { required: true })] });
    expect([own.businessType, own.version]).toEqual([2, 1]);
    const f = await awaiting(myCarrier, myCustomer);
    expect((await ok(dispatcher.get(`/waybillAction/getEvaluateSetting?id=${f.waybillId}`))).questions.map((x: Row) => x.title)).toEqual(['准时送达', '其他意见', '车厢整洁']);
    await t.db.run('UPDATE waybills SET business_type = 2 WHERE id = ?', [f.waybillId]);
    expect((await ok(dispatcher.get(`/waybillAction/getEvaluateSetting?id=${f.waybillId}`))).questions.map((x: Row) => x.title)).toEqual(['饲料无洒漏']);
  });

  it('shows a carrier its own rows and a customer its orders\' waybills, in both reports and their exports', async () => {
    const details = await ok(carrier.post('/evaluate/listEvaluationReport', {}));
    expect(details.data.map((d: Row) => d.waybillNo)).toEqual([first.waybillNo]);
    expect((await ok(customer.post('/evaluate/listEvaluationReport', {}))).data.map((d: Row) => d.waybillNo)).toEqual([first.waybillNo]);
    expect((await ok(carrier.post('/evaluate/listEvaluationReport', { carrierId: otherCarrier }))).data).toEqual([]);
    expect((await ok(carrier.post('/evaluate/listServiceEvaluationSummary', {}))).data.map((g: Row) => g.carrierId)).toEqual([myCarrier]);
    expect((await ok(customer.post('/evaluate/listServiceEvaluationSummary', {}))).data.map((g: Row) => g.evaluationCount)).toEqual([1]);
    expect((await ok(admin.post('/evaluate/listServiceEvaluationSummary', {}))).totalRecords).toBe(2);

    const sheet = await exported(carrier, 'rules/evaluate-report');
    expect(sheet[0]).toEqual(expect.arrayContaining(['运单号', '准时送达', '司机礼貌（已停用）']));
    expect(sheet.slice(1).map((r) => r[0])).toEqual([first.waybillNo]);
    const header = sheet[0] as string[];
    expect(sheet[1][header.indexOf('准时送达')]).toBe('5星');
    const summarySheet = await exported(carrier, 'rules/evaluate-summary');
    expect(summarySheet.length).toBe(2);
    expect(summarySheet[0]).toEqual(expect.arrayContaining(['承运商', '车厢整洁平均星级']));
    // A partner never changes the settings.
    expect((await carrier.get('/evaluate/getEvaluateSetting')).code).toBe(104);
    expect((await carrier.post('/evaluate/saveEvaluateSetting', { questions: [] })).code).toBe(104);
  });
});

describe('saveEvaluateSetting refuses bad input, changing nothing', () => {
  const good = () => q('货物完好', 'star');
  it.each([
    ['questions missing', {}, 'questions'],
    ['questions not a list', { questions: 'x' }, 'questions'],
    ['an unknown field', { questions: [], hacker: 1 }, 'hacker'],
    ['a question\'s unknown field', { questions: [{ ...good(), score: 1 }] }, 'questions'],
    ['an unknown kind', { questions: [{ ...good(), kind: 'stars' }] }, 'questions'],
    ['a title too long', { questions: [{ ...good(), title: '长'.repeat(31) }] }, 'questions'],
    ['an empty title', { questions: [{ ...good(), title: '  ' }] }, 'questions'],
    ['a negative order', { questions: [{ ...good(), sort: -1 }] }, 'questions'],
    ['required as text', { questions: [{ ...good(), required: 'true' }] }, 'questions'],
    ['more than 20 questions', { questions: Array.from({ length: 21 }, (_, i) => ({ ...good(), title: `题${i}` })) }, 'questions'],
    ['a duplicate title', { questions: [good(), good()] }, 'questions'],
    ['an unknown key', { questions: [{ ...good(), key: 'q9999' }] }, 'questions'],
    ['an SQL-looking key', { questions: [{ ...good(), key: "q1'; DROP TABLE evaluate_settings; --" }] }, 'questions'],
    ['a business type as text', { businessType: '2', questions: [] }, 'businessType'],
    ['a negative business type', { businessType: -1, questions: [] }, 'businessType'],
  ])('%s', async (_name, body, field) => {
    const r = await t.refused(() => dispatcher.post('/evaluate/saveEvaluateSetting', body));
    expect([r.code, String(r.result?.field ?? '')]).toEqual([100, expect.stringContaining(field)]);
    expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses changing a question\'s kind (its answers would change meaning)', async () => {
    const s = await ok(dispatcher.get('/evaluate/getEvaluateSetting'));
    const r = await t.refused(() => dispatcher.post('/evaluate/saveEvaluateSetting', { questions: s.questions.map((x: Row, i: number) => (i === 0 ? { ...x, kind: 'text' } : x)) }));
    expect(r.message).toBe('评价题目第1项：已有题目不能改变题型，请停用后新增');
  });

  it('keeps a script-looking title as text', async () => {
    const s = await save({ questions: [q('<script>alert(1)</script>', 'text')] });
    expect(s.questions[0].title).toBe('<script>alert(1)</script>');
  });

  it('refuses bad report searches', async () => {
    for (const body of [{ carrierId: 'x' }, { evaluatedAt: [1] }, { curPage: 0 }, { hacker: 1 }, { waybillNo: 'x'.repeat(51) }]) {
      for (const path of ['/evaluate/listEvaluationReport', '/evaluate/listServiceEvaluationSummary']) {
        const r = await t.refused(() => dispatcher.post(path, body));
        expect(r.code).toBe(100);
      }
    }
  });
});
