// @vitest-environment jsdom
// 上传中心: 我的文件 first, 企业文件 only with its operation (the page's actions, cut by the server);
// the search sends only the conditions filled in; images open in the viewer, PDFs in a new tab,
// 下载 asks for an attachment; 删除 shows only on rows the server marks deletable, and asks first.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderInEnv } from '../../../app/shell-test-kit.tsx';
import { useEnv } from '../../../env/env-context.tsx';
import type { PageSchema } from '../../page-types.ts';
import { UploadCenter, type UploadedFileRow } from './upload-center.tsx';

const PAGE: PageSchema = {
  id: 'system/upload-center', title: '上传中心', kind: 'widget', widget: 'uploadCenter',
  actions: [{ id: 'corpFiles', label: '企业文件', placement: 'toolbar', operationId: 'uploadCenterCorp3', hidden: true }, { id: 'delete', label: '删除', placement: 'row', operationId: 'uploadCenterDelete3' }],
} as PageSchema;

const file = (f: Partial<UploadedFileRow> & { id: string; fileName: string }): UploadedFileRow => ({
  fileKindStr: '图片', isImage: true, sizeStr: '1.6 KB', businessTypeStr: '其他', uploaderStr: '系统管理员', createdAtStr: '2026-11-26 10:00:00',
  attachedStr: '未关联', deletable: true, fileUrl: `/api/file/download/${f.id}`, ...f,
});
const photo = file({ id: 'a1', fileName: '行驶证正面.png' });
const contract = file({ id: 'b2', fileName: '运输合同.pdf', fileKindStr: 'PDF文档', isImage: false, sizeStr: '146.7 KB' });
const receipt = file({ id: 'c3', fileName: '回单.png', businessTypeStr: '运单回单', attachedStr: '运单 YD2026112600001', deletable: false });

function Host({ page }: { page: PageSchema }) {
  return <UploadCenter page={page} env={useEnv()} context={{}} />;
}

function show(page = PAGE) {
  const server = fakeServer({
    'POST /uploadCenter/list': (body: unknown) => {
      const b = body as { view: string };
      const data = b.view === 'corp' ? [photo, contract, receipt] : [photo, contract];
      return { data, totalRecords: data.length, curPage: 1, pageSize: 20 };
    },
    'POST /uploadCenter/delete': { id: 'a1' },
  });
  renderInEnv(<Host page={page} />, server.fetch);
  return server;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lists = (server: ReturnType<typeof fakeServer>) => server.calls.filter((c) => c.path === '/uploadCenter/list').map((c) => c.body);

beforeEach(() => vi.spyOn(window, 'open').mockImplementation(() => null));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('upload centre page', () => {
  it('opens on 我的文件 with name, type, size, business type, uploader, time and record', async () => {
    const server = show();
    const row = rowOf(await screen.findByText('运输合同.pdf').then((e) => e.textContent!));
    for (const text of ['PDF文档', '146.7 KB', '其他', '系统管理员', '2026-11-26 10:00:00', '未关联']) expect(within(row).getByText(text)).toBeTruthy();
    expect(lists(server)[0]).toEqual({ curPage: 1, pageSize: 20, view: 'mine' });
    expect(screen.getByRole('tab', { name: '我的文件' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers 企业文件 only with its operation, and there searches by uploader too', async () => {
    const server = show();
    fireEvent.click(await screen.findByRole('tab', { name: '企业文件' }));
    expect(await screen.findByText('运单 YD2026112600001')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入文件名称'), { target: { value: ' 合同 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入账号或姓名'), { target: { value: '张调度' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(lists(server).at(-1)).toEqual({ curPage: 1, pageSize: 20, view: 'corp', fileName: '合同', uploader: '张调度' }));
    cleanup();
    show({ ...PAGE, actions: [] });
    await screen.findByText('运输合同.pdf');
    expect(screen.queryByRole('tab', { name: '企业文件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('previews an image in the viewer and a PDF in a new tab', async () => {
    show();
    await screen.findByText('行驶证正面.png');
    fireEvent.click(within(rowOf('行驶证正面.png')).getByRole('button', { name: '预览' }));
    const img = (await screen.findByRole('img', { name: '行驶证正面.png' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/file/download/a1');
    fireEvent.click(within(rowOf('运输合同.pdf')).getByRole('button', { name: '预览' }));
    expect(window.open).toHaveBeenCalledWith('/api/file/download/b2', '_blank', 'noopener');
  });

  it('删除 shows on deletable rows only, asks, then deletes and reloads', async () => {
    const server = show();
    fireEvent.click(await screen.findByRole('tab', { name: '企业文件' }));
    await screen.findByText('回单.png');
    expect(within(rowOf('回单.png')).queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(within(rowOf('行驶证正面.png')).getByRole('button', { name: '删除' }));
    const question = await screen.findByText('确定删除文件“行驶证正面.png”吗？删除后不能恢复。');
    // Scoped to the question's dialog: a role query over the whole page is slow enough in jsdom to time out on a busy machine.
    const dialog = question.closest('[role="alertdialog"]') as HTMLElement;
    const before = lists(server).length;
    fireEvent.click(within(dialog).getByText('确定', { selector: 'button' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/uploadCenter/delete' && (c.body as { id: string }).id === 'a1')).toBe(true));
    await waitFor(() => expect(lists(server).length).toBe(before + 1));
  });
});
