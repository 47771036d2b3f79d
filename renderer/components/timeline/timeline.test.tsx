// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvProvider } from '../../env/env-context.tsx';
import { OrderFlowTimeline, WaybillTimeline } from './index.tsx';
import { popoverLines } from './node-popover.tsx';
import { EARLY_COLOR, LATE_COLOR } from './status-icons.tsx';
import type { OrderFlowNode, WaybillNode } from './timeline-types.ts';

afterEach(cleanup);

/** The real API client over a fake server answering one envelope per path. */
function renderWith(ui: React.ReactElement, answers: Record<string, unknown>) {
  const urls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    urls.push(url);
    const path = url.split('?')[0];
    const body = path in answers ? answers[path] : { code: 0, message: `no ${path}`, result: null };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <EnvProvider navigate={vi.fn()} fetch={fetch as unknown as typeof globalThis.fetch}>
        {ui}
      </EnvProvider>
    </FluentProvider>,
  );
  return urls;
}

const ok = (result: unknown) => ({ code: 1, message: '操作成功', result });
const NODES = '/api/waybill/getNodeListByIdVO';
const FLOW = '/api/businessStateHistory/getOrderMonitorList';

const node = (over: Partial<WaybillNode>): WaybillNode => ({ waybillNodeName: '节点', nodeStatus: 0, vehicle: { vehicleNo: '京A12345' }, ...over });

const route: WaybillNode[] = [
  node({ id: 1, waybillNodeName: '北京仓', nodeStatus: 2, nodeStatusStr: '已离开',
    requiredArriveTimeStr: '2026-11-20 08:00:00', actualArriveTimeStr: '2026-11-20 07:30:00', arriveState: 2,
    requiredLeaveTimeStr: '2026-11-20 09:00:00', actualLeaveTimeStr: '2026-11-20 10:05:00', leaveState: 3, leaveLateTimeStr: '1小时5分钟' }),
  node({ id: 2, waybillNodeName: '天津中转', nodeStatus: 3, nodeStatusStr: '晚到',
    requiredArriveTimeStr: '2026-11-20 12:00:00', actualArriveTimeStr: '2026-11-20 14:00:00', arriveState: 3, arriveLateTimeStr: '2小时' }),
  node({ id: 3, waybillNodeName: '济南站', nodeStatus: 1, nodeStatusStr: '已到达', actualArriveTimeStr: '2026-11-20 15:00:00', requiredArriveTimeStr: '2026-11-20 15:00:00', arriveState: 1 }),
  node({ id: 4, waybillNodeName: '南京站', nodeStatus: 4, nodeStatusStr: '异常' }),
  node({ id: 5, waybillNodeName: '上海仓', nodeStatus: 0, nodeStatusStr: '未到达', requiredArriveTimeStr: '2026-11-21 08:00:00' }),
];

const axisItems = async (name: string) => within(await screen.findByRole('list', { name })).getAllByRole('listitem');

/** The circle on the axis is the item's last span with a border. */
const circleColour = (item: HTMLElement) => {
  const circle = [...item.querySelectorAll('span')].find((s) => s.style.border);
  return circle?.style.border ?? '';
};

describe('WaybillTimeline', () => {
  it('asks for the waybill nodes and shows one node per area, icon by nodeStatus 0-4', async () => {
    const urls = renderWith(<WaybillTimeline waybillId={7} />, { [NODES]: ok(route) });
    const items = await axisItems('运单时间轴');
    expect(urls).toEqual([`${NODES}?id=7`]);
    expect(items.map((i) => i.querySelector('[title]')?.getAttribute('title'))).toEqual(['北京仓', '天津中转', '济南站', '南京站', '上海仓']);
    const icons = items.map((i) => within(i).getAllByRole('img')[0]);
    expect(icons.map((i) => i.getAttribute('aria-label'))).toEqual(['已离开', '晚到', '已到达', '异常', '未到达']);
    expect(icons.map((i) => i.getAttribute('data-variant'))).toEqual(['left', 'arrived-late', 'arrived', 'missed', 'not-reached']);
    // Reached nodes take the spec's default colour on the axis; the late one red; the rest grey.
    expect(circleColour(items[0])).toContain('rgb(70, 191, 234)'); // #46BFEA
    expect(circleColour(items[1])).toContain(LATE_COLOR);
    expect(circleColour(items[4])).not.toContain('rgb(70, 191, 234)');
  });

  it('colours early times green and late times red with a 晚点 tooltip giving how late', async () => {
    renderWith(<WaybillTimeline waybillId={7} />, { [NODES]: ok(route) });
    const [first, second, third] = await axisItems('运单时间轴');
    const early = within(first).getByTitle('2026-11-20 07:30:00');
    expect(early.textContent).toBe('11-20 07:30');
    expect(early.style.color).toBe(EARLY_COLOR);
    const late = within(first).getByTitle('2026-11-20 10:05:00');
    expect(late.style.color).toBe(LATE_COLOR);
    expect(within(first).getByLabelText('晚点1小时5分钟')).toBeTruthy();
    expect(within(second).getByLabelText('晚点2小时')).toBeTruthy();
    // On time: neither colour nor marker.
    const onTime = third.querySelector<HTMLElement>('[data-state="1"]')!;
    expect(onTime.title).toBe('2026-11-20 15:00:00');
    expect(onTime.style.color).toBe('');
    expect(third.textContent).not.toContain('晚点');
    // Required times are shown beside the actual ones, uncoloured.
    expect(first.textContent).toContain('要求到达11-20 08:00');
    expect(first.textContent).toContain('要求离开11-20 09:00');

    fireEvent.pointerEnter(within(first).getByLabelText('晚点1小时5分钟'));
    fireEvent.focus(within(first).getByLabelText('晚点1小时5分钟'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('晚点1小时5分钟');
  });

  it('opens a popover on hover with the vehicle, time, speed, temperature, place and alarm periods', async () => {
    const rich = node({
      id: 9, waybillNodeName: '冷库A', nodeStatus: 1, actualArriveTimeStr: '2026-11-20 07:30:00', customAreaAddress: '北京市大兴区',
      vehicle: { vehicleNo: '沪B67890', timeStr: '2026-11-20 07:31:00', speed: 42, placeName: '北京市大兴区旧宫镇' },
      temperature: [{ name: '温度1', value: -18.5 }, { name: '温度2', value: null }],
      pointAlarm: [{ startTimeStr: '2026-11-20 07:00:00', endTimeStr: '2026-11-20 07:20:00', alarmTypeStr: '超温报警' }],
      lineAlarm: [{ startTimeStr: '2026-11-20 06:00:00', endTimeStr: '2026-11-20 06:30:00', alarmTypeStr: '超速报警' }],
    });
    renderWith(<WaybillTimeline waybillId={9} />, { [NODES]: ok([rich]) });
    const [item] = await axisItems('运单时间轴');
    vi.useFakeTimers();
    try {
      fireEvent.mouseEnter(within(item).getByRole('button'));
      await act(async () => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    const popover = await screen.findByRole('group', { name: '冷库A' });
    expect(popover.style.width).toBe('260px');
    const text = popover.textContent!;
    for (const part of ['车牌号沪B67890', '时间2026-11-20 07:31:00', '速度42 km/h', '温度温度1 -18.5℃', '位置北京市大兴区旧宫镇',
      '报警时段2026-11-20 07:00:00 ~ 2026-11-20 07:20:00 超温报警2026-11-20 06:00:00 ~ 2026-11-20 06:30:00 超速报警']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('温度2');
  });

  it('shows 暂无数据 for a waybill without nodes and the server message when the call fails', async () => {
    renderWith(<WaybillTimeline waybillId={1} />, { [NODES]: ok([]) });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    renderWith(<WaybillTimeline waybillId={2} />, { [NODES]: { code: 0, message: '运单不存在', result: null } });
    expect((await screen.findByRole('alert')).textContent).toBe('运单不存在');
  });
});

describe('popoverLines', () => {
  it('falls back to the node time and address, and leaves out lines without a reading', () => {
    expect(popoverLines({ title: 'x', vehicle: { vehicleNo: '京A1' }, time: '2026-11-20 07:30:00', place: '天津' })).toEqual([
      ['车牌号', ['京A1']], ['时间', ['2026-11-20 07:30:00']], ['位置', ['天津']],
    ]);
    expect(popoverLines({ title: 'x', vehicle: { temp: 4, speed: 0 } })).toEqual([['速度', ['0 km/h']], ['温度', ['4℃']]]);
    expect(popoverLines({ title: 'x' })).toEqual([]);
  });
});

describe('OrderFlowTimeline', () => {
  const flow: OrderFlowNode[] = [
    { flowNodeName: '下单', flowNodeStatus: 1, arriveTimeStr: '2026-11-20 06:00:00' },
    { flowNodeName: '调度', flowNodeStatus: 3, arriveTimeStr: '2026-11-20 06:30:00' },
    { flowNodeName: '在途', flowNodeStatus: 2, arriveTimeStr: '2026-11-20 07:00:00',
      lineAlarm: [
        { startTimeStr: '2026-11-20 07:10:00', endTimeStr: '2026-11-20 07:40:00', alarmTypeStr: '温度异常' },
        // As the order monitor reports a late arrival: required ~ actual, on which waybill, how late.
        { waybillNo: 'YD202611200001', startTimeStr: '2026-11-20 08:00:00', endTimeStr: '2026-11-20 09:05:00', alarmTypeStr: '晚点', lateTimeStr: '1小时5分钟' },
      ] },
    { flowNodeName: '签收', flowNodeStatus: 0 },
  ];

  it('asks for the order monitor and shows a check for 1 or 3, an active dot for 2, an empty circle otherwise', async () => {
    const urls = renderWith(<OrderFlowTimeline orderId={42} />, { [FLOW]: ok(flow) });
    const items = await axisItems('订单流程');
    expect(urls).toEqual([`${FLOW}?orderId=42`]);
    const icons = items.map((i) => within(i).getAllByRole('img')[0]);
    expect(icons.map((i) => i.getAttribute('data-variant'))).toEqual(['done', 'done', 'active', 'pending']);
    expect(icons.map((i) => i.getAttribute('aria-label'))).toEqual(['已完成', '已完成', '进行中', '未开始']);
    expect(items[0].textContent).toContain('11-20 06:00');
    expect(items[0].style.width).toBe('84px');
  });

  it('shows the alarm periods of a leg in its hover popover', async () => {
    renderWith(<OrderFlowTimeline orderId={42} />, { [FLOW]: ok(flow) });
    const items = await axisItems('订单流程');
    vi.useFakeTimers();
    try {
      fireEvent.mouseEnter(within(items[2]).getByRole('button'));
      await act(async () => vi.advanceTimersByTime(1000));
    } finally {
      vi.useRealTimers();
    }
    const popover = await screen.findByRole('group', { name: '在途' });
    expect(popover.textContent).toContain('报警时段2026-11-20 07:10:00 ~ 2026-11-20 07:40:00 温度异常');
    expect(popover.textContent).toContain('YD202611200001 2026-11-20 08:00:00 ~ 2026-11-20 09:05:00 晚点1小时5分钟');
    expect(popover.textContent).toContain('时间2026-11-20 07:00:00');
  });

  it('shows 暂无数据 when the order has no flow nodes', async () => {
    renderWith(<OrderFlowTimeline orderId={43} />, { [FLOW]: ok([]) });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
