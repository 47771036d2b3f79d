// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImagePreview, previewKind } from './image-preview.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('previewKind', () => {
  it('previews only jpg, jpeg, gif, png and bmp', () => {
    for (const ext of ['jpg', 'JPEG', 'gif', 'png', 'bmp']) expect(previewKind(`/f/a.${ext}?t=1`)).toBe('image');
    expect(previewKind('/f/a.pdf')).toBe('pdf');
    for (const name of ['a.webp', 'a.svg', 'a.docx', 'noext']) expect(previewKind('/f/x', name)).toBe('unsupported');
    expect(previewKind('/file/123', 'photo.png')).toBe('image');
    expect(previewKind('data:image/png;base64,AAA')).toBe('image');
  });
});

describe('ImagePreview', () => {
  it('says when there is nothing to show', () => {
    render(<ImagePreview />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('refuses types it cannot preview', () => {
    render(<ImagePreview src="/f/report.docx" />);
    expect(screen.getByText('此类型文件不支持预览')).toBeTruthy();
  });

  it('shows a broken picture when the image fails to load', () => {
    render(<ImagePreview src="/f/missing.jpg" name="missing.jpg" />);
    fireEvent.error(screen.getByRole('img', { name: 'missing.jpg' }));
    expect(screen.getByText('图片加载失败')).toBeTruthy();
  });

  it('opens a pdf in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ImagePreview src="/f/bill.pdf" name="bill.pdf" />);
    fireEvent.click(screen.getByRole('button', { name: 'bill.pdf' }));
    expect(open).toHaveBeenCalledWith('/f/bill.pdf', '_blank', 'noopener');
  });

  it('opens an image in the viewer', async () => {
    render(<ImagePreview src="/f/a.png" name="a.png" />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'a.png' })).toHaveLength(2);
  });
});
