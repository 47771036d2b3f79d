// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInEnv, reply } from '../../app/shell-test-kit.tsx';
import { opinionError } from './alarm-calls.ts';
import { AlarmDialog, mediaOf } from './alarm-dialog.tsx';
import { AlarmNotice } from './alarm-notice.tsx';

afterEach(cleanup);

const business = { id: 61, firstAlarmType: 100, alarmType: 1, waybillNo: 'YD1', vehicleName: '鲁B17F31', beginTimeStr: '2026-11-19 09:21:49', endTimeStr: '2026-11-19 09:31:49', lastAlarmTypeName: '围栏外开门', handleStatusStr: '未处理', statusStr: '已结束', handleRemark: '已提醒', handleUserName: '张三', handleTimeStr: '2026-11-19 11:59:49' };
const driver = { ...business, id: 34, firstAlarmType: 300, alarmType: 2, lastAlarmTypeName: '车道偏离', attachmentList: [{ type: 0, url: '/a.jpg' }, { type: 0, url: '/b.jpg' }, { type: 1, url: '/c.mp4' }] };

describe('alarm dialog', () => {
  it('read-only shows the period, the opinion, the handler and the time', async () => {
    const { fetch } = fakeServer({ 'GET /alarmResult/queryById': business });
    renderInEnv(<AlarmDialog alarm={{ id: 61, firstAlarmType: 100 }} mode={1} onClose={() => undefined} />, fetch);
    expect(await screen.findByText('2026-11-19 09:21:49 至 2026-11-19 09:31:49')).toBeTruthy();
    expect(screen.getByText('报警详情')).toBeTruthy();
    expect(screen.getByText('已提醒')).toBeTruthy();
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('type 2 shows begin and end apart and a carousel numbered n/total', async () => {
    const { fetch } = fakeServer({ 'GET /driverAlarm/getAlarmById': driver });
    renderInEnv(<AlarmDialog alarm={{ id: 34, firstAlarmType: 300 }} mode={2} onClose={() => undefined} />, fetch);
    expect(await screen.findByText('1/3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一个' }));
    expect(screen.getByText('2/3')).toBeTruthy();
    expect(screen.getByText('开始时间')).toBeTruthy();
    expect(mediaOf({ imgContent: ['/x.jpg'] })).toEqual([{ type: 0, url: '/x.jpg' }]);
  });

  it('handling refuses an empty opinion, then saves through the driver call for type 300', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const { fetch, calls } = fakeServer({ 'GET /driverAlarm/getAlarmById': driver, 'POST /driverAlarm/handle': reply(1, '处理成功', null) });
    renderInEnv(<AlarmDialog alarm={{ id: 34, firstAlarmType: 300 }} mode={2} onClose={onClose} onSaved={onSaved} />, fetch);
    expect(await screen.findByText('报警处理')).toBeTruthy();
    await screen.findByText('1/3');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('处理意见不能为空')).toBeTruthy();
    expect(calls.some((c) => c.path === '/driverAlarm/handle')).toBe(false);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '已电话提醒司机' } });
    expect(screen.getByText('7/256')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/driverAlarm/handle')?.body).toEqual({ id: 34, handleRemark: '已电话提醒司机' });
    expect(onClose).toHaveBeenCalled();
  });

  it('the opinion rule: blank is empty, at most 256 characters', () => {
    expect(opinionError('  ')).toBe('处理意见不能为空');
    expect(opinionError('x'.repeat(256))).toBeUndefined();
    expect(opinionError('x'.repeat(257))).toBe('处理意见不能超过256个字符');
  });

  it('the top bar list says 暂无报警信息 when empty and ignores a business alarm through akeyToIgnore', async () => {
    let list = [{ id: 61, firstAlarmType: 100, vehicleName: '鲁B17F31', beginTimeStr: 't', lastAlarmTypeName: '围栏外开门' }];
    const { fetch, calls } = fakeServer({
      'GET /alarmResult/getTopAlarmInfo': () => ({ alarmCount: list.length, alarmList: list }),
      'POST /alarmResult/akeyToIgnore': () => { list = []; return null; },
    });
    renderInEnv(<AlarmNotice />, fetch);
    await waitFor(() => expect(calls.some((c) => c.path === '/alarmResult/getTopAlarmInfo')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '业务报警' }));
    fireEvent.click(await screen.findByRole('button', { name: '忽略' }));
    expect(await screen.findByText('暂无报警信息')).toBeTruthy();
    expect(calls.find((c) => c.path === '/alarmResult/akeyToIgnore')?.body).toEqual({ ids: [61] });
  });
});
