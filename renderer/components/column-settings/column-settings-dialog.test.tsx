// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../env/api-client.ts';
import type { Env } from '../../env/env-context.tsx';
import { COLUMN_HINT, LIST_AREA_HEIGHT } from './column-lists.tsx';
import { ColumnSettingsDialog, SETTINGS_TITLES, dialogWidthOf, type SettingsMode } from './column-settings-dialog.tsx';
import { SEARCH_PROMPT } from './search-checklist.tsx';

// Fluent's MessageBar watches its size; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

const columns = [
  { fieldId: 'carrierCode', fieldLabel: '承运商编码', title: '承运商编码', display: true, disabled: true },
  { fieldId: 'carrierName', fieldLabel: '承运商名称', title: '承运商名称', display: true, disabled: false },
  { fieldId: 'remark', fieldLabel: '备注', title: '备注', display: false, disabled: false },
];
const searches = [
  { fieldId: 'carrierCode', fieldLabel: '承运商编码', display: true, disabled: true },
  { fieldId: 'carrierName', fieldLabel: '承运商名称', display: true, disabled: false },
];

function setup(mode: SettingsMode, { refuse, cols = columns }: { refuse?: string; cols?: typeof columns } = {}) {
  const posts: { path: string; body: unknown }[] = [];
  const env: Env = {
    api: {
      get: vi.fn(async (path: string) => (path.includes('getColumn') ? cols : searches)) as Env['api']['get'],
      post: vi.fn(async (path: string, body?: unknown) => {
        posts.push({ path, body });
        if (refuse) throw new ApiError(100, refuse);
        return null;
      }) as Env['api']['post'],
    },
    notify: { error: vi.fn(), info: vi.fn(), success: vi.fn() },
    navigate: vi.fn(),
    logout: vi.fn(),
  };
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <ColumnSettingsDialog env={env} pageId="base/carrier-list" mode={mode} open onClose={onClose} onSaved={onSaved} />
    </FluentProvider>,
  );
  return { env, posts, onSaved, onClose };
}

const dialog = () => screen.getByRole('dialog');
const section = (name: string) => within(dialog()).getByRole('region', { name });

describe('ColumnSettingsDialog', () => {
  it('has the spec titles and widths', () => {
    expect(SETTINGS_TITLES).toEqual({ both: '表格列和查询条件设置', column: '表格列设置', search: '查询条件设置' });
    expect([dialogWidthOf('both'), dialogWidthOf('column'), dialogWidthOf('search'), LIST_AREA_HEIGHT]).toEqual([640, 500, 500, 320]);
  });

  it('both mode: two tabs, the column lists with the hint, the search checkboxes with the prompt', async () => {
    const { env } = setup('both');
    expect(await screen.findByRole('dialog', { name: '表格列和查询条件设置' })).toBeTruthy();
    expect(env.api.get).toHaveBeenCalledWith('/tms/field/getColumn/base/carrier-list', undefined, { silent: true });
    expect(within(dialog()).getByRole('tab', { name: '表格列设置' })).toBeTruthy();
    expect(await within(dialog()).findByText(COLUMN_HINT)).toBeTruthy();
    expect(within(section('隐藏字段')).getByText('备注')).toBeTruthy();
    expect(within(section('显示字段')).getByText('承运商名称')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: '确定' })).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('tab', { name: '查询条件设置' }));
    expect(await within(dialog()).findByText(SEARCH_PROMPT)).toBeTruthy();
    const fixed = within(dialog()).getByRole('checkbox', { name: '承运商编码' }) as HTMLInputElement;
    expect(fixed.checked).toBe(true);
    expect(fixed.disabled).toBe(true);
  });

  it('column and search modes show one part under their own title', async () => {
    setup('column');
    expect(await screen.findByRole('dialog', { name: '表格列设置' })).toBeTruthy();
    expect(within(dialog()).queryByRole('tab')).toBeNull();
    cleanup();
    setup('search');
    expect(await screen.findByRole('dialog', { name: '查询条件设置' })).toBeTruthy();
    expect(await within(dialog()).findByText(SEARCH_PROMPT)).toBeTruthy();
    expect(within(dialog()).queryByText('隐藏字段')).toBeNull();
  });

  it('moves columns by button; a disabled column has no move buttons', async () => {
    const { posts, onSaved } = setup('both');
    await within(dialog()).findByText(COLUMN_HINT);
    expect(within(dialog()).queryByRole('button', { name: '隐藏承运商编码' })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: '显示备注' }));
    expect(within(section('显示字段')).getByText('备注')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: '上移备注' }));
    fireEvent.click(within(dialog()).getByRole('tab', { name: '查询条件设置' }));
    fireEvent.click(await within(dialog()).findByRole('checkbox', { name: '承运商名称' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        path: '/tms/field/setColumn',
        body: {
          id: 'base/carrier-list',
          columns: [
            { fieldId: 'carrierCode', display: true },
            { fieldId: 'remark', display: true },
            { fieldId: 'carrierName', display: true },
          ],
        },
      },
      {
        path: '/tms/field/setSearch',
        body: { id: 'base/carrier-list', searches: [{ fieldId: 'carrierCode', display: true }, { fieldId: 'carrierName', display: false }] },
      },
    ]);
  });

  it("refuses to hide every column with '不能全部隐藏' and does not save", async () => {
    const cols = columns.map((c) => ({ ...c, disabled: false }));
    const { posts } = setup('column', { cols });
    await within(dialog()).findByText(COLUMN_HINT);
    fireEvent.click(within(dialog()).getByRole('button', { name: '隐藏承运商编码' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '隐藏承运商名称' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('不能全部隐藏');
    expect(posts).toHaveLength(0);
  });

  it("shows the server's message when it refuses", async () => {
    const { onClose } = setup('column', { refuse: '不能全部隐藏' });
    await within(dialog()).findByText(COLUMN_HINT);
    fireEvent.click(within(dialog()).getByRole('button', { name: '确定' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('不能全部隐藏');
    expect(onClose).not.toHaveBeenCalled();
  });
});
