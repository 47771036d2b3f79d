// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BottomPanel } from './bottom-panel.tsx';
import type { TabData } from './track-data.ts';

beforeAll(() => {
  // jsdom has no layout: the table only needs to be told its size once.
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
});
afterEach(cleanup);

const flash = [
  { picUrl: '/f/a', routeView: '通道1', picTimeView: '2026-11-22 10:00:00', eventTypeName: '定时抓拍', speed: 0, placeName: '郑州东站' },
  { picUrl: '/f/b', routeView: '通道2', picTimeView: '2026-11-22 10:45:00', eventTypeName: '定时抓拍', speed: 52, placeName: '河南省郑州市' },
];
const safety = [{ eventTypeName: '接打电话', gpsTimeView: '2026-11-22 10:20:00', eventLevelView: '高', driverName: '王师傅', speed: 61, placeName: '中牟县' }];
const data = { stops: [], areas: [], doors: [], cold: [], alarms: [], flash, safety, temperature: {}, humidity: {}, oil: {}, temperatureRange: null } as TabData;
const sensors = { detectDoor: 0, coldMachine: 0, gatherTemperature: 0, gatherHumidity: 0, oilControl: 0, camera: 1 };

function panel(monitor: boolean, onRowFocus = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <BottomPanel points={[]} current={0} sensors={sensors} data={data} monitor={monitor} onPointClick={() => undefined} onRowFocus={onRowFocus} onExport={() => undefined} />
    </FluentProvider>,
  );
  return onRowFocus;
}

describe('bottom panel media tabs', () => {
  it('shows 抓拍 and 主动安全 only on a monitor page', () => {
    panel(false);
    expect(screen.queryByRole('tab', { name: '抓拍' })).toBeNull();
    cleanup();
    panel(true);
    expect(screen.getByRole('tab', { name: '抓拍' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '主动安全' })).toBeTruthy();
  });

  it('lists the flash photos and hands the clicked row with its index to the page', () => {
    const onRowFocus = panel(true);
    fireEvent.click(screen.getByRole('tab', { name: '抓拍' }));
    const table = screen.getByRole('table', { name: '抓拍' });
    expect(within(table).getByText('河南省郑州市')).toBeTruthy();
    fireEvent.click(within(table).getByText('通道2'));
    expect(onRowFocus).toHaveBeenCalledWith('flash', flash[1], 1);
    fireEvent.click(screen.getByRole('tab', { name: '主动安全' }));
    const events = screen.getByRole('table', { name: '主动安全' });
    expect(within(events).getByText('高')).toBeTruthy();
    fireEvent.click(within(events).getByText('接打电话'));
    expect(onRowFocus).toHaveBeenLastCalledWith('safety', safety[0], 0);
  });
});
