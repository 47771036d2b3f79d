// Partner users and files (docs/security.md): a customer or carrier user downloads only the files it
// uploaded or that a record it may read names (receipts of its waybills, photos of its alarms and of
// its playback). Any other file of the corporation answers exactly like a missing one. Staff keep
// the corporation rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { UPLOAD_PATH } from '../../server/routes/files.ts';
import { recordDriverEvent } from '../../server/alarms/driver-events.ts';
import { recordSnapshot } from '../../server/flash/ingest.ts';
import { insertWaybill, placeAt, vehicleOf, type WaybillFixture } from '../support/waybill-fixture.ts';

type Caller = Awaited<ReturnType<TestApp['as']>>;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const MISSING = '文件不存在或无权访问';

let t: TestApp;
let customer: Caller, carrier: Caller, dispatcher: Caller, admin2: Caller;
const row = async (sql: string, ...p: unknown[]) => (await t.db.one<Record<string, any>>(sql, p))!;

async function upload(who: Caller, name: string): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([PNG]), name);
  const res = await t.app.request(UPLOAD_PATH, { method: 'POST', headers: { token: who.token }, body: form });
  const r = (await res.json()) as { code: number; message: string; result: { fileId: string }[] };
  if (r.code !== 1) throw new Error(`upload: ${r.message}`);
  return r.result[0].fileId;
}

/** HTTP status and, for a refusal, the envelope's message; the bytes for a download. */
async function download(who: Caller, fileId: string) {
  const res = await t.app.request(`/api/file/download/${fileId}`, { headers: { token: who.token } });
  if (res.headers.get('content-type') === 'image/png') return { ok: true, bytes: new Uint8Array(await res.arrayBuffer()) };
  const r = (await res.json()) as { code: number; message: string };
  return { ok: false, code: r.code, message: r.message };
}
const readable = async (who: Caller, fileId: string) => (await download(who, fileId)).ok;

/** A waybill at 待回单 (500/13) carried by `carrierId` for `customerId`, with a receipt photo uploaded and sent by `by`. */
async function waybillWithReceipt(customerId: number, carrierId: number, by: Caller): Promise<{ f: WaybillFixture; fileId: string }> {
  const f = await insertWaybill(t.db, { customerId, carrierId });
  await placeAt(t.db, f, { status: 500, step: 13 }, carrierId);
  const fileId = await upload(by, '回单.png');
  const r = await by.post('/waybillAction/receipt', { id: f.waybillId, version: 1, fileIds: [fileId] });
  expect(r.code, r.message).toBe(1);
  return { f, fileId };
}

let ours: { f: WaybillFixture; fileId: string }; // the customer's order, the carrier's waybill
let notTheCustomers: { f: WaybillFixture; fileId: string }; // another customer's order, the carrier's waybill
let notTheCarriers: { f: WaybillFixture; fileId: string }; // the customer's order, another carrier's waybill

beforeAll(async () => {
  t = await createTestApp();
  [customer, carrier, dispatcher, admin2] = await Promise.all(['customer', 'carrier', 'dispatcher', 'admin2'].map((u) => t.as(u)));
  const customerId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'customer'")).p as number;
  const carrierId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
  const otherCustomer = (await row('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 AND id <> ? ORDER BY id LIMIT 1', customerId)).id as number;
  // Another carrier of the corporation with a vehicle and driver in service.
  const otherCarrier = (await row(`SELECT v.carrier_id AS id FROM vehicles v JOIN drivers d ON d.id = v.driver_id WHERE v.corp_id = 1 AND v.carrier_id <> ?
    AND v.status = 0 AND v.is_deleted = 0 AND d.status = 0 AND d.is_deleted = 0 ORDER BY v.id LIMIT 1`, carrierId)).id as number;
  ours = await waybillWithReceipt(customerId, carrierId, carrier);
  notTheCustomers = await waybillWithReceipt(otherCustomer, carrierId, carrier);
  notTheCarriers = await waybillWithReceipt(customerId, otherCarrier, dispatcher);
});

describe('the customer user', () => {
  it("cannot download the carrier's receipt photo of a waybill that is not the customer's, and learns nothing of it", async () => {
    const r = await download(customer, notTheCustomers.fileId);
    // Exactly what an id that was never uploaded answers: no existence oracle.
    const never = await download(customer, '00000000-0000-4000-8000-000000000000');
    expect(r).toEqual({ ok: false, code: 0, message: MISSING });
    expect(r).toEqual(never);
  });

  it('downloads the receipts of its own orders\' waybills, whoever carried them', async () => {
    expect(await download(customer, ours.fileId)).toEqual({ ok: true, bytes: PNG });
    expect(await readable(customer, notTheCarriers.fileId)).toBe(true);
  });

  it('downloads what it uploaded itself', async () => {
    const own = await upload(customer, '合同.png');
    expect(await readable(customer, own)).toBe(true);
    // ...which the carrier, having no record that names it, cannot.
    expect(await download(carrier, own)).toEqual({ ok: false, code: 0, message: MISSING });
  });
});

describe('the carrier user', () => {
  it("cannot download the receipt of another carrier's waybill", async () => {
    expect(await download(carrier, notTheCarriers.fileId)).toEqual({ ok: false, code: 0, message: MISSING });
  });

  it('downloads the receipts of its own waybills, whichever customer they carry for', async () => {
    expect(await readable(carrier, ours.fileId)).toBe(true);
    expect(await readable(carrier, notTheCustomers.fileId)).toBe(true);
  });

  it('downloads what it uploaded itself, and cannot open a file by naming it in a receipt', async () => {
    const own = await upload(carrier, '装车照片.png');
    expect(await readable(carrier, own)).toBe(true);
    // Attaching the customer's file to its own waybill would open it: refused like a missing file.
    const theirs = await upload(customer, '客户文件.png');
    const f = await insertWaybill(t.db, { customerId: (await row('SELECT partner_id AS p FROM users WHERE user_name = ?', 'customer')).p, carrierId: (await row('SELECT partner_id AS p FROM users WHERE user_name = ?', 'carrier')).p });
    await placeAt(t.db, f, { status: 500, step: 13 }, (await row('SELECT partner_id AS p FROM users WHERE user_name = ?', 'carrier')).p);
    const r = await t.refused(() => carrier.post('/waybillAction/receipt', { id: f.waybillId, version: 1, fileIds: [theirs] }));
    expect(r.message).toBe('回单文件不存在或无权访问，请重新上传');
    expect(await download(carrier, theirs)).toEqual({ ok: false, code: 0, message: MISSING });
  });

  it('downloads the photos of its own vehicles\' alarms; the customer only those of its waybills', async () => {
    const carrierId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
    const photo = await upload(dispatcher, '抽烟.png');
    // An active-safety event of a vehicle of the carrier's, ten days before any waybill of the customer's.
    const vehicle = await vehicleOf(t.db, carrierId);
    await recordDriverEvent(t.db, { id: vehicle.id, corpId: 1, carrierId }, { eventType: 303, eventLevel: 1, gpsTime: Date.now() - 10 * 86400_000, lon: 120.1, lat: 30.2, fileIds: [photo] });
    expect(await readable(carrier, photo)).toBe(true);
    expect(await readable(customer, photo)).toBe(false);
  });
});

describe('track playback photos', () => {
  it("open to the carrier for its vehicle, to the customer only within its own waybill's period", async () => {
    const carrierId = (await row("SELECT partner_id AS p FROM users WHERE user_name = 'carrier'")).p as number;
    const vehicleId = (await row('SELECT vehicle_id AS v FROM waybills WHERE id = ?', ours.f.waybillId)).v as number;
    const snap = async (picTime: number) => {
      const fileId = await upload(dispatcher, '抓拍.png');
      await recordSnapshot(t.db, { id: vehicleId, corpId: 1 }, { vehicleId, channel: 1, eventType: 0, picTime, lon: 120.1, lat: 30.2, fileId });
      return fileId;
    };
    // The fixture's waybill began an hour ago (its loading place reached then) and ended with the receipt.
    const during = await snap(Date.now() - 30 * 60_000);
    const before = await snap(Date.now() - 3 * 86400_000);
    expect(await readable(customer, during)).toBe(true);
    expect(await readable(customer, before)).toBe(false);
    expect(await readable(carrier, during)).toBe(true);
    expect(await readable(carrier, before)).toBe(true);
    expect((await row('SELECT carrier_id AS c FROM vehicles WHERE id = ?', vehicleId)).c).toBe(carrierId);
  });
});

describe('staff', () => {
  it('keep the corporation rule: every file of their corporation, none of another', async () => {
    for (const { fileId } of [ours, notTheCustomers, notTheCarriers]) {
      expect(await readable(dispatcher, fileId)).toBe(true);
      expect(await download(admin2, fileId)).toEqual({ ok: false, code: 0, message: MISSING });
    }
  });
});
