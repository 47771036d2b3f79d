// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEM_HEIGHT, LIST_HEIGHT, listHeightOf, OVERSCAN, SEARCH_DEBOUNCE_MS } from './select-constants.ts';
import { Select, type SelectOption, type SelectValue } from './select.tsx';

beforeAll(() => {
  // jsdom lays nothing out; the virtual list needs a viewport to fill.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => LIST_HEIGHT });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 200 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const many: SelectOption[] = Array.from({ length: 1000 }, (_, i) => ({ value: i + 1, label: `车辆${i + 1}` }));
const few: SelectOption[] = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
  { value: 2, label: '作废', disabled: true },
];

function Harness({ options, multiple, onChange }: { options: SelectOption[]; multiple?: boolean; onChange?: (v: unknown) => void }) {
  const [value, setValue] = useState<SelectValue | SelectValue[] | undefined>();
  return (
    <FluentProvider theme={webLightTheme}>
      <Select
        aria-label="车辆"
        options={options}
        multiple={multiple}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
    </FluentProvider>
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: '车辆' }));

describe('Select', () => {
  it('uses the spec sizes: 22 px items, 50 extra, 220 px above 9 items', () => {
    expect([ITEM_HEIGHT, OVERSCAN, LIST_HEIGHT, SEARCH_DEBOUNCE_MS]).toEqual([22, 50, 220, 300]);
    expect(listHeightOf(3)).toBe(66);
    expect(listHeightOf(9)).toBe(198);
    expect(listHeightOf(10)).toBe(220);
  });

  it('draws only part of a long list, in a 220 px box', async () => {
    render(<Harness options={many} multiple />);
    open();
    const list = await screen.findByRole('listbox', { name: '车辆' });
    expect(list.style.height).toBe('220px');
    const drawn = screen.getAllByRole('option').length;
    expect(drawn).toBeGreaterThan(9);
    expect(drawn).toBeLessThanOrEqual(10 + OVERSCAN + 1);
  });

  it('filters after typing pauses for 300 ms', async () => {
    vi.useFakeTimers();
    render(<Harness options={many} />);
    open();
    fireEvent.change(screen.getByRole('textbox', { name: '搜索' }), { target: { value: '车辆999' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(screen.getAllByRole('option').length).toBeGreaterThan(1);
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['车辆999']);
  });

  it('selects all enabled options, then clears', async () => {
    const onChange = vi.fn();
    render(<Harness options={few} multiple onChange={onChange} />);
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 0]);
    expect(screen.getByRole('button', { name: '车辆' }).textContent).toContain('启用、停用');
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('picks one value and closes in single mode; disabled options cannot be picked', async () => {
    const onChange = vi.fn();
    render(<Harness options={few} onChange={onChange} />);
    open();
    expect(screen.queryByRole('checkbox', { name: '全选' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: '作废' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('option', { name: '停用' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(screen.getByRole('button', { name: '车辆' }).textContent).toContain('停用');
  });

  it('creates its popover only on the first open, then opens and closes from the same button', async () => {
    const onOpen = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <Select aria-label="车辆" options={few} value={undefined} onChange={() => {}} onOpen={onOpen} />
      </FluentProvider>,
    );
    // Closed: just the button, no popover surface or list anywhere in the document.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '搜索' })).toBeNull();
    expect(screen.getByRole('button', { name: '车辆' }).getAttribute('aria-expanded')).toBe('false');
    open();
    expect(await screen.findByRole('listbox', { name: '车辆' })).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '车辆', hidden: true }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('textbox', { name: '搜索' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '车辆' }));
    expect(await screen.findByRole('listbox', { name: '车辆' })).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
