// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvProvider } from '../../env/env-context.tsx';
import { FormDialog } from './form-dialog.tsx';
import { vehiclePage } from './test-page.ts';

afterEach(cleanup);

const json = (result: unknown) => new Response(JSON.stringify({ code: 1, message: '操作成功', result }), { headers: { 'Content-Type': 'application/json' } });

describe('FormDialog', () => {
  it('loads the form page into a dialog and closes it on cancel', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/ui/pages/base/vehicle-add')) return json(vehiclePage());
      if (url.startsWith('/api/baseDictionary')) return json([{ id: 1, label: '启用' }]);
      return json(null);
    });
    const onClose = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <EnvProvider navigate={vi.fn()} fetch={fetch as unknown as typeof globalThis.fetch}>
          <FormDialog pageId="base/vehicle-add" open onClose={onClose} />
        </EnvProvider>
      </FluentProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    // The form's modules load on demand: slow on a busy machine (CI runs the files side by side).
    await waitFor(() => expect(dialog.textContent).toContain('新增车辆'), { timeout: 20_000 });
    fireEvent.click(await screen.findByRole('button', { name: '取 消' }));
    expect(onClose).toHaveBeenCalledWith(false);
    expect(calls[0]).toBe('/api/ui/pages/base/vehicle-add');
  });
});
