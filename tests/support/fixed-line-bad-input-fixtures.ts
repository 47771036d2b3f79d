// Baselines of the fixed lines' own POST calls for the bad-input suite: a line (the first of the
// database, so the resource verbs' id 1 names it) with a schedule, on three of the corporation's fences.
import type { TestApp } from './test-app.ts';

export async function fixedLineFixtures(t: TestApp) {
  const admin = await t.as('admin');
  const areas = (await t.db.all<{ id: number }>('SELECT id FROM areas WHERE corp_id = 1 AND customer_id IS NULL AND is_deleted = 0 ORDER BY id LIMIT 2', [])).map((a) => a.id);
  const customerId = (await t.db.one<{ id: number }>('SELECT id FROM customers WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1', []))!.id;
  const stops = [
    { areaId: areas[0], stopType: 1, arriveDay: 0, arriveTime: '00:00', stayMinutes: 30 },
    { areaId: areas[1], stopType: 2, arriveDay: 0, arriveTime: '04:00', stayMinutes: 30 },
  ];
  const line = await admin.post('/fixed/save', { lineName: '基线固定线路', customerId, businessType: 1, stops });
  if (line.code !== 1) throw new Error(`/fixed/save: ${line.message}`);
  // Weekdays and dates both, so either may be cleared alone (a schedule needs one of the two).
  const schedule = await admin.post('/fixedLineScheduling/save', { lineId: line.result.id, weekdays: [1], dates: ['2030-01-02'], departTime: '08:00', validFrom: Date.now() });
  if (schedule.code !== 1) throw new Error(`/fixedLineScheduling/save: ${schedule.message}`);
  return {
    saveBodies: {
      fixedLine: { lineName: '坏输入固定线路', customerId, businessType: 1, stops },
      fixedLineScheduling: { lineId: line.result.id, weekdays: [2], dates: ['2030-01-03'], departTime: '09:00', validFrom: Date.now() },
    },
    bodies: {
      '/fixed/findAreaList': { id: line.result.id },
      '/fixed/fixedLineNavigation': { lineId: line.result.id },
      '/fixed/findFixedBillWay/page': { lineId: line.result.id, curPage: 1, pageSize: 20 },
      '/fixed/getFixedLineInfoDropBox': { lineName: '基线' },
      '/fixedLineScheduling/listHistoryByPage': { id: schedule.result.id },
      '/fixed/exportFixedLineInfo': {},
      '/fixedLineScheduling/exportFixedLineScheduling': {},
    },
    acceptedText: {
      '/fixed/getFixedLineInfoDropBox lineName': 'a name searched for: free text, no line has it',
      '/fixed/findFixedBillWay/page waybillNo': 'a waybill number searched for: free text, no waybill has it',
      '/fixed/exportFixedLineInfo lineName': 'the list\'s name search: free text (an empty file when nothing matches)',
    },
    // The blobs take their list's search, where null is "not searched" as in the list itself.
    acceptedNull: Object.fromEntries([
      ...['lineName', 'customerId', 'carrierId', 'businessType', 'status', 'updatedAt'].map((f) => `/fixed/exportFixedLineInfo ${f}`),
      ...['lineId', 'customerId', 'carrierId', 'status', 'updatedAt'].map((f) => `/fixedLineScheduling/exportFixedLineScheduling ${f}`),
    ].map((k) => [k, 'null in a list search means "not searched", as the list itself takes it'])),
  };
}
