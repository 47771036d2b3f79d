// What a batch action sends: every selected id to its call, or with `calls` each row to the call its
// `when` picks (the alarm list's 忽略: driver alarms to driverAlarm/ignore {idList}, the rest to
// alarmResult/akeyToIgnore {ids}); and where a link column leads when the row holds no record.
import { describe, expect, it } from 'vitest';
import type { Action } from '../page-types.ts';
import { batchCalls, linkHref } from './row-rules.ts';

const rows = [{ id: 1, firstAlarmType: 100 }, { id: 2, firstAlarmType: 300 }, { id: 3, firstAlarmType: 100 }, { id: 4, firstAlarmType: 300 }];
const driver = { method: 'POST', path: '/driverAlarm/ignore', idsParam: 'idList' } as const;
const business = { method: 'POST', path: '/alarmResult/akeyToIgnore' } as const;
const ignore: Action = { id: 'ignore', placement: 'batch', calls: [{ when: { firstAlarmType: [300] }, call: driver }, { call: business }] };

describe('batch calls', () => {
  it('send each row to the first call whose condition it meets, the rest to the call without one', () => {
    expect(batchCalls(ignore, rows)).toEqual([{ call: driver, body: { idList: [2, 4] } }, { call: business, body: { ids: [1, 3] } }]);
  });

  it('make no call for a group no row went to', () => {
    expect(batchCalls(ignore, [rows[1]])).toEqual([{ call: driver, body: { idList: [2] } }]);
    expect(batchCalls(ignore, [])).toEqual([]);
  });

  it('a plain batch call takes every selected id under ids', () => {
    expect(batchCalls({ id: 'del', placement: 'batch', call: business }, rows)).toEqual([{ call: business, body: { ids: [1, 2, 3, 4] } }]);
  });
});

describe('link columns', () => {
  const page = { links: { waybill: 'transport/waybill-detail' } };
  const column = { field: 'waybillNo', link: 'waybill' as const };
  const routeOf = () => '/waybillDetails';
  it("lead to the row's record, and nowhere when the row names none (a vehicle carrying no waybill)", () => {
    expect(linkHref(page, column, { id: 9, waybillId: 5 }, routeOf)).toBe('/waybillDetails?waybillId=5');
    expect(linkHref(page, column, { id: 9, waybillId: null }, routeOf)).toBeUndefined();
    expect(linkHref(page, column, { id: 9 }, routeOf)).toBe('/waybillDetails?waybillId=9');
  });
});
