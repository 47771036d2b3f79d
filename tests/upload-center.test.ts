// The upload centre (上传中心): 我的文件 and 企业文件 with search, sort and paging; a partner sees only
// files the file rules let it read, never another corporation's; preview and download go through
// the file rules again; a file a record names is never deleted (docs/security.md "Files").
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { UPLOAD_PATH } from '../server/routes/files.ts';
import { insertWaybill, placeAt } from './support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode(`%PDF-1.4\n${'x'.repeat(3000)}\n`);
const MISSING = '文件不存在或无权访问';

let t: TestApp;
let admin: Caller, dispatcher: Caller, customer: Caller, carrier: Caller, admin2: Caller;
const row = async (sql: string, ...p: unknown[]) => (await t.db.one<Record<string, any>>(sql, p))!;

async function upload(who: Caller, name: string, bytes: Uint8Array = PNG, businessTypeKey = ''): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await t.app.request(`${UPLOAD_PATH}?customerId=&businessTypeKey=${businessTypeKey}`, { method: 'POST', headers: { token: who.token }, body: form });
  const r = (await res.json()) as { code: number; message: string; result: { fileId: string }[] };
  if (r.code !== 1) throw new Error(`upload: ${r.message}`);
  return r.result[0].fileId;
}

const list = async (who: Caller, body: Record<string, unknown> = {}) => who.post('/uploadCenter/list', body);
const names = async (who: Caller, body: Record<string, unknown> = {}) => ((await list(who, { pageSize: 1000, ...body })).result.data as { fileName: string }[]).map((f) => f.fileName);

async function grant(userName: string, ...ops: string[]) {
  const role = await row('SELECT ur.role_id AS id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.user_name = ?', userName);
  for (const op of ops) await t.db.run('INSERT INTO role_operations (corp_id, role_id, operation_id) VALUES (1, ?, ?) ON CONFLICT DO NOTHING', [role.id, op]);
}

let carrierId: number, customerId: number;
let receiptOfCarrier: string, receiptOfOther: string, dispatcherLoose: string, adminPdf: string;

beforeAll(async () => {
  t = await createTestApp();
  carrierId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p;
  customerId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p;
  await grant('carrier', 'uploadCenter3', 'uploadCenterCorp3', 'uploadCenterDelete3');
  await grant('customer', 'uploadCenter3', 'uploadCenterCorp3', 'uploadCenterDelete3');
  [admin, dispatcher, customer, carrier, admin2] = await Promise.all(['admin', 'dispatcher', 'customer', 'carrier', 'admin2'].map((u) => t.as(u)));

  adminPdf = await upload(admin, '运输合同.pdf', PDF);
  await upload(admin, '行驶证.png');
  dispatcherLoose = await upload(dispatcher, '调度备忘.png');
  // The carrier's receipt of its own waybill; the dispatcher's receipt of another carrier's waybill.
  const other = (await row(`SELECT v.carrier_id AS id FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.corp_id = 1 AND v.carrier_id <> ?
    AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0 ORDER BY v.id LIMIT 1`, carrierId)).id as number;
  const receipt = async (by: Caller, carrierOf: number, name: string) => {
    const f = await insertWaybill(t.db, { customerId, carrierId: carrierOf });
    await placeAt(t.db, f, { status: 500, step: 13 }, carrierOf);
    const fileId = await upload(by, name, PNG, 'waybillReceipt');
    const r = await by.post('/waybillAction/receipt', { id: f.waybillId, version: 1, fileIds: [fileId] });
    expect(r.code, r.message).toBe(1);
    return fileId;
  };
  receiptOfCarrier = await receipt(carrier, carrierId, '承运商回单.png');
  receiptOfOther = await receipt(dispatcher, other, '他家回单.png');
  await upload(admin2, '别家企业.png');
});

describe('listing', () => {
  it('我的文件 holds only the caller\'s uploads, with size, type, business type, uploader and the record it is attached to', async () => {
    const r = await list(admin, { view: 'mine' });
    expect(r.code, r.message).toBe(1);
    expect(r.result.data.map((f: any) => f.fileName).sort()).toEqual(['行驶证.png', '运输合同.pdf']);
    const pdf = r.result.data.find((f: any) => f.fileName === '运输合同.pdf');
    expect(pdf).toMatchObject({ fileKindStr: 'PDF文档', isImage: false, sizeStr: '2.9 KB', businessTypeStr: '其他', attachedStr: '未关联', deletable: true, fileUrl: `/api/file/download/${adminPdf}` });
    expect(pdf.uploaderStr).toBe((await row("SELECT real_name AS n FROM users WHERE user_name = 'admin'")).n);
    const receipt = (await list(admin, { view: 'corp', fileName: '他家回单' })).result.data[0];
    expect(receipt).toMatchObject({ businessTypeStr: '运单回单', attached: true, deletable: false });
    expect(receipt.attachedStr).toMatch(/^运单 /);
  });

  it('企业文件 holds every file of the corporation for staff, never another corporation\'s', async () => {
    const all = await names(admin, { view: 'corp' });
    expect(all).toEqual(expect.arrayContaining(['运输合同.pdf', '行驶证.png', '调度备忘.png', '承运商回单.png', '他家回单.png']));
    expect(all).not.toContain('别家企业.png');
    expect(await names(admin2, { view: 'corp' })).toEqual(['别家企业.png']);
  });

  it('searches by name, type, uploader and time, sorts by a listed field, and pages', async () => {
    expect(await names(admin, { view: 'corp', fileName: '回单' })).toEqual(expect.arrayContaining(['承运商回单.png', '他家回单.png']));
    expect(await names(admin, { view: 'corp', fileKind: ['pdf'] })).toEqual(['运输合同.pdf']);
    const dispatcherName = (await row("SELECT real_name AS n FROM users WHERE user_name = 'dispatcher'")).n as string;
    expect((await names(admin, { view: 'corp', uploader: dispatcherName })).sort()).toEqual(['他家回单.png', '调度备忘.png']);
    expect(await names(admin, { view: 'corp', createdAt: [null, 1000] })).toEqual([]);
    expect((await names(admin, { view: 'corp', createdAt: [Date.now() - 3600_000, null] })).length).toBe(5);
    const bySize = (await list(admin, { view: 'corp', sorts: [{ field: 'size', order: 'desc' }] })).result.data;
    expect(bySize[0].fileName).toBe('运输合同.pdf');
    const page2 = (await list(admin, { view: 'corp', pageSize: 2, curPage: 2 })).result;
    expect([page2.totalRecords, page2.data.length]).toEqual([5, 2]);
    expect((await list(admin, { sorts: [{ field: 'uploaded_by' }] })).code).toBe(100);
  });

  it('a partner\'s 企业文件 holds its partner\'s uploads and the receipts of its waybills, nothing else', async () => {
    expect((await names(carrier, { view: 'corp' })).sort()).toEqual(['承运商回单.png']);
    // The customer: both receipts are of its own orders' waybills, whoever carried them.
    const own = await upload(customer, '客户委托书.pdf', PDF);
    expect((await names(customer, { view: 'corp' })).sort()).toEqual(['他家回单.png', '客户委托书.pdf', '承运商回单.png']);
    expect(await names(customer, { view: 'mine' })).toEqual(['客户委托书.pdf']);
    // Everything listed is downloadable by the same partner: the list never outruns the file rules.
    for (const who of [carrier, customer]) {
      for (const f of (await list(who, { view: 'corp', pageSize: 100 })).result.data) {
        const res = await t.app.request(f.fileUrl, { headers: { token: who.token } });
        expect(res.status, f.fileName).toBe(200);
        expect(res.headers.get('content-type')).not.toMatch(/json/);
      }
    }
    await customer.post('/uploadCenter/delete', { id: own });
  });

  it('企业文件 needs its operation; the centre needs the centre\'s', async () => {
    const plain = (await row("SELECT count(*) AS n FROM role_operations ro JOIN user_roles ur ON ur.role_id = ro.role_id JOIN users u ON u.id = ur.user_id WHERE u.user_name = 'dispatcher' AND ro.operation_id = 'uploadCenterCorp3'")).n;
    expect(Number(plain)).toBe(0);
    await grant('dispatcher', 'uploadCenter3');
    dispatcher = await t.as('dispatcher'); // a session reads its operations when it starts
    expect((await list(dispatcher, { view: 'mine' })).code).toBe(1);
    expect((await list(dispatcher, { view: 'corp' })).code).toBe(104);
  });
});

describe('preview and download', () => {
  it('opens in place for preview and as an attachment for 下载, only to those the file rules allow', async () => {
    const inline = await t.app.request(`/api/file/download/${adminPdf}`, { headers: { token: admin.token } });
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename\*=UTF-8''/);
    const attachment = await t.app.request(`/api/file/download/${adminPdf}?download=1`, { headers: { token: admin.token } });
    expect(attachment.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('运输合同.pdf')}`);
    expect(new Uint8Array(await attachment.arrayBuffer())).toEqual(PDF);
    for (const who of [carrier, admin2]) {
      const res = await t.app.request(`/api/file/download/${adminPdf}?download=1`, { headers: { token: who.token } });
      expect(((await res.json()) as { message: string }).message).toBe(MISSING);
    }
  });
});

describe('delete', () => {
  it('removes the uploader\'s own loose file from the list, the database and the disk', async () => {
    const id = await upload(carrier, '误传.png');
    const r = await carrier.post('/uploadCenter/delete', { id });
    expect(r.code, r.message).toBe(1);
    expect(await names(carrier, { view: 'mine' })).not.toContain('误传.png');
    expect(await t.db.one('SELECT id FROM files WHERE id = ?', [id])).toBeUndefined();
    expect(readdirSync(join(t.filesDir, '1')).some((f) => f.startsWith(id))).toBe(false);
  });

  it('keeps a file a record names, whoever asks', async () => {
    for (const [who, id] of [[carrier, receiptOfCarrier], [admin, receiptOfOther]] as const) {
      const r = await t.refused(() => who.post('/uploadCenter/delete', { id }));
      expect(r.message).toBe('文件已关联业务记录，不能删除');
    }
    const file = await row('SELECT extension FROM files WHERE id = ?', receiptOfOther);
    expect(existsSync(join(t.filesDir, '1', receiptOfOther + file.extension))).toBe(true);
  });

  it('lets staff with 企业文件 delete any loose file; others only their own; a file out of reach reads as missing', async () => {
    await grant('dispatcher', 'uploadCenterDelete3');
    dispatcher = await t.as('dispatcher');
    const adminOwn = await upload(admin, '管理员文件.png');
    expect((await t.refused(() => dispatcher.post('/uploadCenter/delete', { id: adminOwn }))).message).toBe('只能删除自己上传的文件');
    // The carrier cannot read the dispatcher's loose upload: it answers like a file that never was.
    expect((await t.refused(() => carrier.post('/uploadCenter/delete', { id: dispatcherLoose }))).message).toBe(MISSING);
    expect((await t.refused(() => admin2.post('/uploadCenter/delete', { id: adminOwn }))).message).toBe(MISSING);
    expect((await t.refused(() => admin.post('/uploadCenter/delete', { id: '00000000-0000-4000-8000-000000000000' }))).message).toBe(MISSING);
    expect((await admin.post('/uploadCenter/delete', { id: dispatcherLoose })).code).toBe(1);
    expect((await admin.post('/uploadCenter/delete', { id: adminOwn })).code).toBe(1);
  });

  it('marks in the list which rows the caller may delete', async () => {
    const rows = (await list(carrier, { view: 'corp' })).result.data as { fileName: string; deletable: boolean }[];
    expect(rows.every((f) => !f.deletable)).toBe(true); // its only file is a receipt
  });
});

describe('log retention settings', () => {
  it('answer the defaults, save both days into the corporation\'s settings and keep its other settings', async () => {
    expect((await admin.get('/log/retention/get')).result).toEqual({ operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 });
    const before = JSON.parse((await row('SELECT settings FROM corporations WHERE id = 1')).settings);
    const r = await admin.post('/log/retention/save', { operationLogRetentionDays: 365, interfaceLogRetentionDays: 30 });
    expect(r.code, r.message).toBe(1);
    expect(r.result).toEqual({ operationLogRetentionDays: 365, interfaceLogRetentionDays: 30 });
    expect((await admin.get('/log/retention/get')).result).toEqual({ operationLogRetentionDays: 365, interfaceLogRetentionDays: 30 });
    const after = JSON.parse((await row('SELECT settings FROM corporations WHERE id = 1')).settings);
    expect(after).toEqual({ ...before, operationLogRetentionDays: 365, interfaceLogRetentionDays: 30 });
    // Another corporation keeps its own.
    expect((await admin2.get('/log/retention/get')).result).toEqual({ operationLogRetentionDays: 180, interfaceLogRetentionDays: 90 });
  });

  it.each([
    [{ operationLogRetentionDays: 0, interfaceLogRetentionDays: 30 }, '操作日志保留天数'],
    [{ operationLogRetentionDays: 30, interfaceLogRetentionDays: 3651 }, '接口调用日志保留天数'],
    [{ operationLogRetentionDays: 1.5, interfaceLogRetentionDays: 30 }, '操作日志保留天数'],
    [{ operationLogRetentionDays: 30 }, '接口调用日志保留天数'],
    [{ operationLogRetentionDays: '30', interfaceLogRetentionDays: 30 }, '操作日志保留天数'],
  ])('refuse %j naming the field', async (body, title) => {
    const r = await t.refused(() => admin.post('/log/retention/save', body));
    expect([r.code, r.message.startsWith(title)], r.message).toEqual([100, true]);
  });

  it('are refused to partner users whatever their roles, and to staff without the operation', async () => {
    await grant('carrier', 'logRetention3');
    const c = await t.as('carrier');
    expect((await c.get('/log/retention/get')).code).toBe(104);
    expect((await t.refused(() => c.post('/log/retention/save', { operationLogRetentionDays: 1, interfaceLogRetentionDays: 1 }))).code).toBe(104);
    expect((await dispatcher.get('/log/retention/get')).code).toBe(104);
  });
});
