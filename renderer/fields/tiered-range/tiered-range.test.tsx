// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateTiers, type TierEntry } from '../../../schemas/keywords/tiered.ts';
import { FormPage } from '../../pages/form/form-page.tsx';
import type { PageSchema } from '../../pages/page-types.ts';
import { fakeEnv } from '../../pages/form/test-env.tsx';
import { TieredRangeEditor } from './tiered-range-editor.tsx';

afterEach(cleanup);

function Harness({ initial, spy }: { initial?: TierEntry[]; spy?: (v: TierEntry[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <TieredRangeEditor
        id="tiers"
        value={value}
        errors={value ? validateTiers(value) : []}
        onChange={(v) => {
          setValue(v);
          spy?.(v);
        }}
      />
    </FluentProvider>
  );
}

const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const deletes = () => screen.queryAllByRole('button', { name: /^删除/ });

describe('TieredRangeEditor', () => {
  it('starts with a first and a last entry that cannot be deleted', () => {
    render(<Harness />);
    expect(screen.getAllByTestId('tier-row')).toHaveLength(2);
    expect(screen.getByText('≤')).toBeTruthy();
    expect(screen.getByText('≥')).toBeTruthy();
    expect(deletes()).toHaveLength(0);
  });

  it('adds a tier before the last, starting at the previous upper bound; deletes and resets', () => {
    const spy = vi.fn();
    render(<Harness initial={[{ scopeType: 1, high: 10 }, { scopeType: 3, low: 10 }]} spy={spy} />);
    fireEvent.click(screen.getByText('添加阶梯'));
    expect(spy).toHaveBeenLastCalledWith([{ scopeType: 1, high: 10 }, { scopeType: 2, low: 10 }, { scopeType: 3, low: 10 }]);
    expect(cell('第2阶梯下限').value).toBe('10');
    fireEvent.change(cell('第2阶梯上限'), { target: { value: '20' } });
    fireEvent.click(screen.getByText('添加阶梯'));
    expect(cell('第3阶梯下限').value).toBe('20');
    expect(deletes()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: '删除第2阶梯' }));
    expect(spy).toHaveBeenLastCalledWith([{ scopeType: 1, high: 10 }, { scopeType: 2, low: 20 }, { scopeType: 3, low: 10 }]);
    fireEvent.click(screen.getByText('重置'));
    expect(spy).toHaveBeenLastCalledWith([{ scopeType: 1 }, { scopeType: 3 }]);
    expect(screen.getAllByTestId('tier-row')).toHaveLength(2);
  });

  it('shows each rule\'s message at its cell', () => {
    render(
      <Harness
        initial={[
          { scopeType: 1, high: 10 },
          { scopeType: 2, low: 12, high: 11 },
          { scopeType: 2, low: 11, high: 12 },
          { scopeType: 3, low: 12 },
        ]}
      />,
    );
    expect(screen.getByText('范围设置需连续')).toBeTruthy();
    expect(screen.getByText('上限值需大于下限值')).toBeTruthy();
    expect(cell('第2阶梯下限').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(cell('第3阶梯上限'), { target: { value: '10' } });
    fireEvent.change(cell('第4阶梯下限'), { target: { value: '10' } });
    expect(screen.getAllByText('上限值需大于下限值')).toHaveLength(2);
    expect(screen.queryByText('需大于上一项的值')).toBeNull();
    fireEvent.change(cell('第3阶梯下限'), { target: { value: '5' } });
    fireEvent.change(cell('第3阶梯上限'), { target: { value: '8' } });
    fireEvent.change(cell('第4阶梯下限'), { target: { value: '8' } });
    expect(screen.getAllByText('范围设置需连续')).toHaveLength(2);
    expect(screen.getByText('需大于上一项的值')).toBeTruthy();
  });

  it('is the field of x-tiered schemas in a form, validated there like the server', async () => {
    const tiers = { title: '运费阶梯', type: 'array', 'x-tiered': true };
    const page: PageSchema = {
      id: 'test/tiers', title: '阶梯设置', kind: 'form',
      form: { fields: ['tiers'] },
      api: { submit: { path: '/tiers/save' } },
      formSchema: { type: 'object', properties: { tiers }, required: [] },
    };
    const env = fakeEnv({ '/tiers/save': null });
    render(<FluentProvider theme={webLightTheme}><FormPage page={page} env={env} context={{ inDialog: true }} /></FluentProvider>);
    expect(screen.getByText('运费阶梯')).toBeTruthy();
    fireEvent.change(cell('第1阶梯上限'), { target: { value: '10' } });
    fireEvent.click(screen.getByText('添加阶梯'));
    fireEvent.change(cell('第2阶梯上限'), { target: { value: '5' } });
    fireEvent.change(cell('第3阶梯下限'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('上限值需大于下限值')).toBeTruthy();
    expect(env.api.post).not.toHaveBeenCalled();
    fireEvent.change(cell('第2阶梯上限'), { target: { value: '20' } });
    fireEvent.change(cell('第3阶梯下限'), { target: { value: '20' } });
    fireEvent.blur(cell('第3阶梯下限'));
    await waitFor(() => expect(screen.queryByText('上限值需大于下限值')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() =>
      expect(env.api.post).toHaveBeenCalledWith('/tiers/save', {
        tiers: [{ scopeType: 1, high: 10 }, { scopeType: 2, low: 10, high: 20 }, { scopeType: 3, low: 20 }],
      }),
    );
  });
});
