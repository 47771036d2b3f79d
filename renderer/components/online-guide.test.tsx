// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderInEnv, renderConsole, sessionHandlers, USER } from '../app/shell-test-kit.tsx';
import { OnlineGuide } from './online-guide.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('online-service guide', () => {
  it('shows when haveBrowsed is 0; 知道了 records haveBrowsed=1 and hides it', async () => {
    const server = fakeServer({ 'POST /userSet/updateHaveBrowsedConfig': { haveBrowsed: 1 } });
    renderInEnv(<OnlineGuide haveBrowsed={0} />, server.fetch);
    expect(screen.getByText('在线服务指引')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByText('在线服务指引')).toBeNull());
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].method).toBe('POST');
    expect(server.calls[0].path).toBe('/userSet/updateHaveBrowsedConfig');
    expect(server.calls[0].body).toEqual({ haveBrowsed: 1 });
  });

  it('is not shown once browsed', () => {
    const server = fakeServer({});
    renderInEnv(<OnlineGuide haveBrowsed={1} />, server.fetch);
    expect(screen.queryByText('在线服务指引')).toBeNull();
  });

  it('the console shows it on a first visit', async () => {
    renderConsole('/home', sessionHandlers({ 'GET /user/getCurrentUser': { ...USER, haveBrowsed: 0 } }));
    expect(await screen.findByText('在线服务指引')).toBeTruthy();
  });
});
