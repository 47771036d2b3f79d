// @vitest-environment jsdom
// 新增终端凭证: a blank name is refused in place; the secret the server answers once is shown in an
// alert that only its own button closes, and closing it reloads the list.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, renderFluent } from '../../detail/fake-env.tsx';
import type { PageSchema } from '../../page-types.ts';
import { SECRET_TITLE, TerminalCredentialIssue } from './terminal-credential-issue.tsx';

afterEach(cleanup);

const page: PageSchema = { id: 'system/terminalCredential-add', title: '新增终端凭证', kind: 'widget', widget: 'terminalCredentialIssue' };
const SECRET = `hyt_${'A'.repeat(43)}`;

function setup() {
  const { env, calls } = fakeEnv({ 'POST /terminalCredential/add': (b) => ({ id: 7, name: b.name, prefix: SECRET.slice(0, 12), secret: SECRET, createdAt: 1 }) });
  const onDone = vi.fn();
  renderFluent(<TerminalCredentialIssue page={page} env={env} context={{ inDialog: true, onDone }} />);
  return { calls, onDone };
}

describe('TerminalCredentialIssue', () => {
  it('asks for a name before calling the server', () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: /签\s*发/ }));
    expect(screen.getByText('名称不能为空')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the issued secret once, and closing says the list changed', async () => {
    const { calls, onDone } = setup();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' 华东网关 ' } });
    fireEvent.click(screen.getByRole('button', { name: /签\s*发/ }));
    const secret = (await screen.findByRole('textbox', { name: SECRET_TITLE })) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/terminalCredential/add', input: { name: '华东网关' } });
    expect(screen.getByText(/只显示这一次/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '已保存，关闭' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
  });
});
