// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, type FileUploadProps } from './file-upload.tsx';
import type { UploadFile } from './upload-rules.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const files = (n: number, ext = 'png'): UploadFile[] =>
  Array.from({ length: n }, (_, i) => ({ url: `/f/${i + 1}`, name: `图${i + 1}.${ext}`, uid: `u${i + 1}` }));

function Harness(props: Partial<FileUploadProps> & { initial?: UploadFile[]; spy?: (v: UploadFile[]) => void }) {
  const [value, setValue] = useState(props.initial ?? []);
  return (
    <FluentProvider theme={webLightTheme}>
      <FileUpload
        onWarn={props.onWarn ?? (() => undefined)}
        upload={props.upload}
        maxFiles={props.maxFiles}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.spy?.(v);
        }}
      />
    </FluentProvider>
  );
}

const pick = (...picked: File[]) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files: picked } });
const big = (name: string, mb: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: mb * 1024 * 1024 });
  return f;
};
const shownNames = () => within(screen.getByTestId('upload-list')).queryAllByTitle(/^图/).map((t) => t.getAttribute('title'));

describe('FileUpload', () => {
  it('refuses wrong types, big files and too many files with the spec\'s messages', () => {
    const onWarn = vi.fn();
    const upload = vi.fn();
    render(<Harness onWarn={onWarn} upload={upload} initial={files(4)} />);
    pick(new File(['x'], 'a.gif'));
    expect(onWarn).toHaveBeenLastCalledWith('上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式');
    pick(big('a.png', 11));
    expect(onWarn).toHaveBeenLastCalledWith('文件大小不能大于10M');
    pick(new File(['x'], 'a.png'), new File(['x'], 'b.png'));
    expect(onWarn).toHaveBeenLastCalledWith('最多支持上传5个文件');
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads picked files and appends them; the plus tile goes at the maximum', async () => {
    const upload = vi.fn(async () => [{ fileUrl: '/f/9', fileName: '新.png', fileId: 9 }]);
    const spy = vi.fn();
    render(<Harness upload={upload} initial={files(4)} spy={spy} />);
    pick(new File(['x'], '新.png'));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(spy.mock.calls[0][0].map((f: UploadFile) => f.name)).toEqual(['图1.png', '图2.png', '图3.png', '图4.png', '新.png']);
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
  });

  it('folds to the last 5 files and expands to all', () => {
    render(<Harness initial={files(7)} maxFiles={10} />);
    expect(shownNames()).toEqual(['图3.png', '图4.png', '图5.png', '图6.png', '图7.png']);
    fireEvent.click(screen.getByTitle('展开所有文件'));
    expect(shownNames()).toHaveLength(7);
    fireEvent.click(screen.getByTitle('折叠文件'));
    expect(shownNames()).toHaveLength(5);
  });

  it('removes a file after the 200 ms animation', () => {
    vi.useFakeTimers();
    const spy = vi.fn();
    render(<Harness initial={files(2)} spy={spy} />);
    fireEvent.click(screen.getByRole('button', { name: '删除图1.png' }));
    act(() => vi.advanceTimersByTime(199));
    expect(spy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledWith([files(2)[1]]);
  });

  it('previews images in a gallery without the PDFs, and opens PDFs in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const initial = [...files(2), { url: '/f/pdf', name: '图单.pdf', uid: 'p' }];
    render(<Harness initial={initial} />);
    fireEvent.click(screen.getByTitle('图单.pdf'));
    expect(open).toHaveBeenCalledWith('/f/pdf', '_blank', 'noopener');
    fireEvent.click(screen.getByTitle('图2.png'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('2/2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/f/1');
    open.mockRestore();
  });
});
