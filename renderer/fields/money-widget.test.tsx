// @vitest-environment jsdom
// Money on screen: a form takes yuan and sends fen, an update form starts from the stored fen shown as
// yuan, and lists and details show ¥1,234.50.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FormPage } from '../pages/form/form-page.tsx';
import { fakeEnv, wrap } from '../pages/form/test-env.tsx';
import type { PageSchema } from '../pages/page-types.ts';
import { cellText } from '../pages/list/cell-text.ts';
import { formatValue } from '../pages/detail/format-value.ts';

afterEach(cleanup);

const amount = { title: '合同金额(元)', type: ['integer', 'null'], minimum: 0, maximum: 999999999999, 'x-money': true };

function contractPage(kind: 'add' | 'update'): PageSchema {
  const properties = { contractNo: { title: '合同编号', type: 'string', maxLength: 30, minLength: 1 }, amount };
  return {
    id: `base/contract-${kind}`,
    title: kind === 'add' ? '新增合同' : '修改合同',
    kind: 'form',
    resource: 'contract',
    form: { fields: ['contractNo', 'amount'] },
    api: kind === 'add'
      ? { submit: { method: 'POST', path: '/res/contract/save' } }
      : { before: { method: 'GET', path: '/res/contract/detail' }, submit: { method: 'POST', path: '/res/contract/update' } },
    fields: properties,
    formSchema: { type: 'object', properties, required: ['contractNo'] },
  };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: '保 存' }));

describe('money fields', () => {
  it('take yuan and send exact fen', async () => {
    const env = fakeEnv({ '/res/contract/save': { id: 1 } });
    render(wrap(<FormPage page={contractPage('add')} env={env} context={{ inDialog: true }} />));
    fireEvent.change(input('合同编号'), { target: { value: 'HT-1' } });
    expect(screen.getByText('元')).toBeTruthy();
    fireEvent.change(input('合同金额'), { target: { value: '0.29' } });
    save();
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/res/contract/save', { contractNo: 'HT-1', amount: 29 }));
  });

  it('word three decimals, a minus sign and a too large amount in yuan, and send nothing', async () => {
    const env = fakeEnv({ '/res/contract/save': { id: 1 } });
    render(wrap(<FormPage page={contractPage('add')} env={env} context={{ inDialog: true }} />));
    fireEvent.change(input('合同编号'), { target: { value: 'HT-1' } });
    fireEvent.change(input('合同金额'), { target: { value: '12.345' } });
    fireEvent.blur(input('合同金额'));
    expect(await screen.findByText('合同金额：最多两位小数')).toBeTruthy();
    fireEvent.change(input('合同金额'), { target: { value: '-3' } });
    fireEvent.blur(input('合同金额'));
    expect(await screen.findByText('合同金额：不能为负数')).toBeTruthy();
    fireEvent.change(input('合同金额'), { target: { value: '10000000000' } });
    fireEvent.blur(input('合同金额'));
    expect(await screen.findByText('合同金额：不能大于9,999,999,999.99元')).toBeTruthy();
    save();
    await waitFor(() => expect(screen.getByText('合同金额：不能大于9,999,999,999.99元')).toBeTruthy());
    expect(env.api.post).not.toHaveBeenCalled();
  });

  it('start an update from the stored fen and send only a changed amount', async () => {
    const env = fakeEnv({
      '/res/contract/detail': { id: 3, version: 2, contractNo: 'HT-3', amount: 123450 },
      '/res/contract/update': { id: 3, version: 3 },
    });
    const done: boolean[] = [];
    render(wrap(<FormPage page={contractPage('update')} env={env} context={{ id: '3', inDialog: true, onDone: (b: boolean) => done.push(b) }} />));
    await waitFor(() => expect(input('合同金额').value).toBe('1234.50'));
    fireEvent.change(input('合同金额'), { target: { value: '1,234.5' } });
    fireEvent.change(input('合同编号'), { target: { value: 'HT-33' } });
    save();
    await waitFor(() => expect(env.api.post).toHaveBeenCalledWith('/res/contract/update', { id: 3, version: 2, contractNo: 'HT-33' }));
    fireEvent.change(input('合同金额'), { target: { value: '1234.51' } });
    save();
    await waitFor(() => expect(env.api.post).toHaveBeenLastCalledWith('/res/contract/update', { id: 3, version: 2, contractNo: 'HT-33', amount: 123451 }));
  });

  it('read as ¥1,234.50 in lists and details', () => {
    expect(cellText(123450, { schema: amount as never })).toBe('¥1,234.50');
    expect(cellText(0, { schema: amount as never })).toBe('¥0.00');
    expect(cellText(null, { schema: amount as never })).toBe('');
    const ctx = { page: { fields: { amount: amount as never } }, dictionaries: new Map() };
    expect(formatValue(ctx, 'amount', 5)).toBe('¥0.05');
    expect(formatValue(ctx, 'amount', null)).toBe('—');
  });
});
