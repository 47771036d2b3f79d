// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInEnv, reply, type Handlers } from '../app/shell-test-kit.tsx';
import { ChangePasswordDialog, toBase64Utf8 } from './change-password-dialog.tsx';

afterEach(cleanup);

function open(props: { forced?: boolean } = {}, handlers: Handlers = {}) {
  const server = fakeServer({ 'POST /user/modifyCurrentPassword': reply(1, '密码修改成功'), ...handlers });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderInEnv(<ChangePasswordDialog open forced={props.forced} onClose={onClose} onSaved={onSaved} />, server.fetch);
  const [old, password, confirm] = [screen.getByLabelText(/原密码/), screen.getByLabelText(/新密码/), screen.getByLabelText(/确认密码/)] as HTMLInputElement[];
  const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
  return { ...server, onClose, onSaved, old, password, confirm, type };
}

const strength = () => screen.getByRole('progressbar', { name: '密码强度' });

describe('change-password dialog', () => {
  it('shows the title, the guidance, the three fields and both buttons', () => {
    const d = open();
    expect(screen.getByText('修改密码')).toBeTruthy();
    expect(screen.getByText('密码长度8-15位，必须包含字母（区分大小写）、数字、字符中两种组成，不能使用空格、中文。')).toBeTruthy();
    expect(screen.getByText('密码强度')).toBeTruthy();
    expect(d.password.maxLength).toBe(15);
    expect(d.confirm.maxLength).toBe(15);
    expect(screen.getByRole('button', { name: '取 消' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保 存' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it.each([
    ['货运平台abc123', '密码不能包含中文字符'],
    ['ａｂｃ12345678', '密码不能包含全角字符'],
    ['abc 12345', '密码不能包含空格'],
    ['ab12', '新密码长度应在8~15位'],
    ['abcdefghij', '密码强度不符合要求'],
  ])('%s on blur: %s', (value, message) => {
    const d = open();
    d.type(d.password, value);
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(d.password);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('the confirmation must equal the password, checked on blur', () => {
    const d = open();
    d.type(d.password, 'abcd1234');
    d.type(d.confirm, 'abcd12345');
    fireEvent.blur(d.confirm);
    expect(screen.getByText('两次输入密码不一致')).toBeTruthy();
    d.type(d.confirm, 'abcd1234');
    fireEvent.blur(d.confirm);
    expect(screen.queryByText('两次输入密码不一致')).toBeNull();
  });

  it.each([
    ['', 0, ''],
    ['abcdefgh', 30, '低'],
    ['abcd1234', 60, '中'],
    ['abc123!@#', 100, '高'],
    ['abc 123!@#', 0, ''],
  ])('strength of %j is %i (%s)', (value, level, label) => {
    const d = open();
    d.type(d.password, value);
    expect(strength().getAttribute('aria-valuenow')).toBe(String(level));
    if (label) expect(screen.getByText(label)).toBeTruthy();
  });

  it('saves base64 (UTF-8) of the three fields, shows the server message and reports success', async () => {
    const d = open();
    d.type(d.old, 'Huoyun@2026');
    d.type(d.password, 'Abc123!@#');
    d.type(d.confirm, 'Abc123!@#');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(d.onSaved).toHaveBeenCalledOnce());
    const call = d.calls.find((c) => c.path === '/user/modifyCurrentPassword');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ oldPassword: btoa('Huoyun@2026'), newPassword: btoa('Abc123!@#'), confirmPassword: btoa('Abc123!@#') });
    expect(await screen.findByText('密码修改成功')).toBeTruthy();
  });

  it('asks for the current password, and shows the server refusing a wrong one under it', async () => {
    const d = open({}, { 'POST /user/modifyCurrentPassword': reply(100, '原密码不正确', { field: 'oldPassword' }) });
    d.type(d.password, 'Abc123!@#');
    d.type(d.confirm, 'Abc123!@#');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(screen.getByText('原密码不能为空')).toBeTruthy();
    expect(d.calls).toHaveLength(0);
    d.type(d.old, 'Wrong@2026');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(d.old.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('原密码不正确').length).toBeGreaterThan(0);
    expect(d.onSaved).not.toHaveBeenCalled();
  });

  it('does not call the server while a rule fails', () => {
    const d = open();
    d.type(d.password, 'abcd1234');
    d.type(d.confirm, 'abcd9999');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(screen.getByText('两次输入密码不一致')).toBeTruthy();
    expect(d.calls).toHaveLength(0);
  });

  it('base64 is UTF-8 safe', () => {
    expect(toBase64Utf8('密码')).toBe(Buffer.from('密码', 'utf8').toString('base64'));
  });

  it('forced mode has no close icon, no cancel button, and Escape does not close it', () => {
    const d = open({ forced: true });
    expect(screen.queryByRole('button', { name: '取 消' })).toBeNull();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(d.onClose).not.toHaveBeenCalled();
    expect(screen.getByText('修改密码')).toBeTruthy();
  });

  it('normal mode closes with Escape and with 取 消', () => {
    const d = open();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(d.onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(d.onClose).toHaveBeenCalledTimes(2);
  });
});
