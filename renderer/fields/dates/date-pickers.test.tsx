// @vitest-environment jsdom
// The Chinese pickers as a user drives them: a day typed 2026-11-05 and a time 08:30 become that
// instant in Shanghai, and a range shortcut fills the right Shanghai days, even in a browser whose
// own zone is elsewhere (New York here, so a slip into local time would show).
process.env.TZ = 'America/New_York';

import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateRangeField, type DateRangeValue } from '../../pages/list/date-range-field.tsx';
import { stubLayout } from '../../pages/list/test-kit.tsx';
import { DateTimeWidget } from '../date-time-widget.tsx';

beforeAll(() => stubLayout());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Shanghai wall time → epoch ms. */
const shanghai = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);

function DateTimeHost({ onValue }: { onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(undefined);
  const props = {
    id: 'root_requiredLoadTime',
    name: 'requiredLoadTime',
    label: '要求装货时间',
    value,
    required: false,
    disabled: false,
    readonly: false,
    options: { emptyValue: undefined },
    schema: { type: 'integer' },
    onChange: (v: unknown) => {
      setValue(v);
      onValue(v);
    },
    onBlur: () => undefined,
    onFocus: () => undefined,
  } as unknown as WidgetProps;
  return <DateTimeWidget {...props} />;
}

describe('date-time field', () => {
  it('reads 2026-11-05 and 08:30 as that Shanghai time, and shows them back in 24-hour form', async () => {
    const onValue = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <DateTimeHost onValue={onValue} />
      </FluentProvider>,
    );
    const day = screen.getByRole('combobox', { name: '要求装货时间日期' }) as HTMLInputElement;
    fireEvent.change(day, { target: { value: '2026-11-05' } });
    fireEvent.blur(day);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(shanghai(2026, 11, 5)));

    const time = screen.getByRole('combobox', { name: '要求装货时间时间' }) as HTMLInputElement;
    fireEvent.change(time, { target: { value: '08:30' } });
    fireEvent.blur(time);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(shanghai(2026, 11, 5, 8, 30)));
    expect(day.value).toBe('2026-11-05');
    expect(time.value).toBe('08:30');

    // An afternoon time stays on the 24-hour clock, no 上午/下午 or AM/PM.
    fireEvent.change(time, { target: { value: '17:45' } });
    fireEvent.blur(time);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(shanghai(2026, 11, 5, 17, 45)));
    expect(time.value).toBe('17:45');
  });

  it('keeps the value when the typed day is no day', async () => {
    const onValue = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <DateTimeHost onValue={onValue} />
      </FluentProvider>,
    );
    const day = screen.getByRole('combobox', { name: '要求装货时间日期' });
    fireEvent.change(day, { target: { value: '2026-02-30' } });
    fireEvent.blur(day);
    await new Promise((r) => setTimeout(r, 50));
    expect(onValue).not.toHaveBeenCalledWith(expect.any(Number));
  });
});

function RangeHost({ onValue }: { onValue: (v: DateRangeValue) => void }) {
  const [value, setValue] = useState<DateRangeValue>(undefined);
  return (
    <DateRangeField
      label="创建时间"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('date range with shortcuts', () => {
  it('fills whole Shanghai days for 最近7天, 上月 and 过去3年, shown as YYYY-MM-DD', async () => {
    // 2026-03-01 02:30 in Shanghai is still 28 February in UTC and in New York.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(shanghai(2026, 3, 1, 2, 30));
    const onValue = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <RangeHost onValue={onValue} />
      </FluentProvider>,
    );
    const pick = async (label: string) => {
      fireEvent.click(screen.getByRole('button', { name: '创建时间快捷选择' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: label }));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    };
    const from = () => (screen.getByRole('combobox', { name: '创建时间开始' }) as HTMLInputElement).value;
    const to = () => (screen.getByRole('combobox', { name: '创建时间结束' }) as HTMLInputElement).value;

    await pick('最近7天');
    expect(onValue).toHaveBeenLastCalledWith([shanghai(2026, 2, 23), shanghai(2026, 3, 2) - 1]);
    expect([from(), to()]).toEqual(['2026-02-23', '2026-03-01']);

    await pick('上月');
    expect(onValue).toHaveBeenLastCalledWith([shanghai(2026, 2, 1), shanghai(2026, 3, 1) - 1]);
    expect([from(), to()]).toEqual(['2026-02-01', '2026-02-28']);

    await pick('过去3年');
    expect([from(), to()]).toEqual(['2023-01-01', '2025-12-31']);

    // The groups name the units the spec asks for.
    fireEvent.click(screen.getByRole('button', { name: '创建时间快捷选择' }));
    for (const group of ['按日', '按月', '按年']) expect(await screen.findByText(group)).toBeTruthy();
    for (const item of ['明天', '下月', '明年', '过去30天', '最近3个月']) expect(screen.getByRole('menuitem', { name: item })).toBeTruthy();
  });

  it('a typed end day covers that whole day', async () => {
    const onValue = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <RangeHost onValue={onValue} />
      </FluentProvider>,
    );
    const end = screen.getByRole('combobox', { name: '创建时间结束' });
    fireEvent.change(end, { target: { value: '2026-11-05' } });
    fireEvent.blur(end);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith([null, shanghai(2026, 11, 6) - 1]));
  });
});
