// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCookie } from '../env/cookies.ts';
import { formatShanghaiTime } from './format-time.ts';
import { renderConsole, reply, sessionHandlers, USER } from './shell-test-kit.tsx';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
};
beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// 2026-01-05 09:08:07 in Shanghai.
const MODIFIED = Date.UTC(2026, 0, 5, 1, 8, 7);
const expired = { ...USER, pwdExpired: true, lastPasswordModifiedTime: MODIFIED };

describe('password expiry prompt', () => {
  it('shows the last modified time once, keeps the user id in the cookie and offers 修改密码', async () => {
    renderConsole('/home', sessionHandlers({ 'GET /user/getCurrentUser': expired }));
    expect(await screen.findByText(/上次修改时间：2026-01-05 09:08:07/)).toBeTruthy();
    expect(getCookie('pwdExpiredTip')).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByLabelText(/新密码/)).toBeTruthy();
  });

  it('is not shown again to a user the cookie already holds', async () => {
    document.cookie = 'pwdExpiredTip=7; path=/';
    renderConsole('/home', sessionHandlers({ 'GET /user/getCurrentUser': expired }));
    await screen.findByText(/欢迎使用货运数字化平台/);
    expect(screen.queryByText(/上次修改时间/)).toBeNull();
  });

  it('is shown to another user even when the cookie holds someone else', async () => {
    document.cookie = 'pwdExpiredTip=8; path=/';
    renderConsole('/home', sessionHandlers({ 'GET /user/getCurrentUser': expired }));
    expect(await screen.findByText(/上次修改时间/)).toBeTruthy();
  });

  it('formats times in Shanghai', () => {
    expect(formatShanghaiTime(MODIFIED)).toBe('2026-01-05 09:08:07');
    expect(formatShanghaiTime(null)).toBe('');
  });
});

describe('forced password change (passwordStatus 1)', () => {
  it('opens on arrival without a way to dismiss it, and closes after a save re-fetches status 2', async () => {
    const { calls } = renderConsole(
      '/home',
      sessionHandlers({
        'GET /personalSet/getCorpPersonalSet': { passwordStatus: 1, msgLayerDisplayMode: 1 },
        'POST /user/modifyCurrentPassword': reply(1, '密码修改成功'),
        'GET /user/checkUserPWD': { passwordStatus: 2 },
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(screen.queryByRole('button', { name: '取 消' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/原密码/), { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByLabelText(/新密码/), { target: { value: 'Abc12345' } });
    fireEvent.change(screen.getByLabelText(/确认密码/), { target: { value: 'Abc12345' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/user/checkUserPWD')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows again on the next navigation while the status is still 1', async () => {
    const { router } = renderConsole(
      '/home',
      sessionHandlers({
        'GET /personalSet/getCorpPersonalSet': { passwordStatus: 1, msgLayerDisplayMode: 1 },
        'POST /user/modifyCurrentPassword': reply(1, '密码修改成功'),
        'GET /user/checkUserPWD': { passwordStatus: 1 },
      }),
    );
    await screen.findByRole('alertdialog');
    fireEvent.change(screen.getByLabelText(/原密码/), { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByLabelText(/新密码/), { target: { value: 'Abc12345' } });
    fireEvent.change(screen.getByLabelText(/确认密码/), { target: { value: 'Abc12345' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await router.navigate('/vehicle');
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });
});

describe('user menu', () => {
  it('offers the help links in new tabs and opens the change-password dialog', async () => {
    renderConsole('/home', sessionHandlers());
    fireEvent.click(await screen.findByRole('button', { name: '用户：管理员' }));
    // Until /helpcenter/link answers the item is a disabled MenuItem; the link that replaces it is
    // another element, so it is looked up afresh on every try rather than held from the first find.
    const help = await waitFor(
      () => {
        const item = screen.getByRole('menuitem', { name: '帮助手册' });
        expect(item.getAttribute('href')).toBe('/help/manual.html');
        return item;
      },
      { timeout: 5000 },
    );
    expect(help.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('menuitem', { name: '更新日志' }).getAttribute('href')).toBe('/help/update-log.html');
    fireEvent.click(screen.getByRole('menuitem', { name: '修改密码' }));
    // The dialog mounts after the menu closes, which on a busy machine takes more than one tick.
    // jsdom may leave aria-hidden on a dialog opened from a menu until focus moves into it (a
    // browser clears it at once), so the button is looked up including hidden nodes.
    const dialog = await screen.findByRole('dialog', { name: '修改密码', hidden: true }, { timeout: 5000 });
    expect(await within(dialog).findByRole('button', { name: '取 消', hidden: true }, { timeout: 5000 })).toBeTruthy();
  });
});
