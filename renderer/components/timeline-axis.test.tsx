// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderTimelineItems, TimelineAxis, TIMELINE_DEFAULTS } from './timeline-axis.tsx';

afterEach(cleanup);

describe('TimelineAxis', () => {
  it('uses the spec sizes and colours by default', () => {
    expect(TIMELINE_DEFAULTS).toMatchObject({
      mode: 'horizontal', itemWidth: 200, forwardHeight: 40, axisHeight: 20, reverseHeight: 40,
      circleSize: 12, timeWidth: 100, color: '#46BFEA', lineColor: '#d3d3d3',
    });
    render(<TimelineAxis aria-label="轴" items={[{ content: '装车' }, { content: '发车' }]} />);
    const items = within(screen.getByRole('list', { name: '轴' })).getAllByRole('listitem');
    expect(items[0].style.width).toBe('200px');
  });

  it('sorts by index', () => {
    render(<TimelineAxis aria-label="轴" sort items={[{ index: 2, content: '签收' }, { index: 1, content: '发车' }]} />);
    const items = within(screen.getByRole('list', { name: '轴' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['发车', '签收']);
  });

  it('throws a clear error when sorting items without an index', () => {
    expect(() => orderTimelineItems([{ index: 1 }, { content: 'x' }], true)).toThrow('时间轴排序（sort）时每一项都必须有 index：第 2 项缺少 index');
    expect(() => orderTimelineItems([{ content: 'x' }], false)).not.toThrow();
  });

  it('shows the time beside the content in vertical mode', () => {
    render(<TimelineAxis aria-label="轴" mode="vertical" items={[{ time: '2026-01-01 10:00:00', content: '新增' }]} />);
    const item = within(screen.getByRole('list', { name: '轴' })).getByRole('listitem');
    expect(item.textContent).toBe('2026-01-01 10:00:00新增');
    expect((item.firstElementChild as HTMLElement).style.width).toBe('100px');
  });
});
