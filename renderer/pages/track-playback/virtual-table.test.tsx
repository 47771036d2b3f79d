// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROW_HEIGHT, VirtualTable } from './virtual-table.tsx';

beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
});
afterEach(cleanup);

const rows = Array.from({ length: 5000 }, (_, i) => ({ sn: i + 1 }));
const columns = [{ field: 'sn', title: '序号' }];
const table = (current: number) => (
  <FluentProvider theme={webLightTheme}>
    <VirtualTable label="轨迹点" columns={columns} rows={rows} current={current} />
  </FluentProvider>
);
const selected = () => screen.getByRole('table', { name: '轨迹点' }).querySelector('tr[aria-selected="true"]');
const scroller = () => screen.getByRole('table', { name: '轨迹点' }).parentElement as HTMLElement;

describe('the track point table during a replay', () => {
  it('scrolls to the replayed row and shows it at once, without waiting for a scroll event', () => {
    const { rerender } = render(table(0));
    expect(selected()?.getAttribute('aria-rowindex')).toBe('2');
    rerender(table(1200));
    expect(scroller().scrollTop).toBe(1199 * ROW_HEIGHT);
    // The row is rendered in the same commit (jsdom fires no scroll event when scrollTop is set).
    expect(selected()?.textContent).toBe('1201');
  });

  it('leaves the scroll alone while the replayed row is in view', () => {
    const { rerender } = render(table(1200));
    rerender(table(1201));
    rerender(table(1202));
    expect(scroller().scrollTop).toBe(1199 * ROW_HEIGHT);
    expect(selected()?.textContent).toBe('1203');
  });

  it('tells which row was clicked, by the cell clicked in it', () => {
    const onRowClick = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <VirtualTable label="轨迹点" columns={columns} rows={rows} current={0} onRowClick={onRowClick} />
      </FluentProvider>,
    );
    fireEvent.click(screen.getByRole('cell', { name: '4' }));
    expect(onRowClick).toHaveBeenCalledWith(3);
  });

  it('scrolls back when a jump goes before the rows in view', () => {
    const { rerender } = render(table(3000));
    rerender(table(10));
    expect(scroller().scrollTop).toBe(9 * ROW_HEIGHT);
    expect(selected()?.textContent).toBe('11');
  });
});
