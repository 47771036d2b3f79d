// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './alert-dialog.tsx';

afterEach(cleanup);

describe('AlertDialog', () => {
  it('shows the message under 提示 and closes on 知道了', async () => {
    const onClose = vi.fn();
    render(<AlertDialog open message="共 3 条记录" onClose={onClose} />);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('提示')).toBeTruthy();
    expect(within(dialog).getByText('共 3 条记录')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(onClose).toHaveBeenCalled();
  });
});
