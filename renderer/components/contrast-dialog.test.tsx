// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContrastDialog } from './contrast-dialog.tsx';

afterEach(cleanup);

describe('ContrastDialog', () => {
  it('marks the rows whose values differ', async () => {
    const onClose = vi.fn();
    render(
      <ContrastDialog
        open
        onClose={onClose}
        columns={['版本 1', '版本 2']}
        rows={[
          { key: 'a', label: '姓名', values: ['张三', '李四'] },
          { key: 'b', label: '手机号', values: ['138', '138'] },
        ]}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('信息对比')).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: '字段' }).style.width).toBe('25%');
    const [, changed, same] = within(dialog).getAllByRole('row');
    expect(changed.dataset.differs).toBe('true');
    expect(same.dataset.differs).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });
});
