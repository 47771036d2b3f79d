import { describe, expect, it } from 'vitest';
import { checkFiles, DEFAULT_ACCEPT, galleryOf, isPdf, toUploadFiles, visibleFiles } from './upload-rules.ts';

const file = (name: string, mb = 1) => ({ name, size: mb * 1024 * 1024 });

describe('upload rules', () => {
  it('accepts the spec\'s types up to 10 MB and 5 files', () => {
    expect(DEFAULT_ACCEPT).toBe('.jpg, .jpeg, .png, .bmp, .pdf');
    expect(checkFiles([file('a.JPG'), file('b.pdf', 10)], 3)).toBeNull();
  });

  it('words each broken rule exactly', () => {
    expect(checkFiles([file('a.gif')], 0)).toBe('上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式');
    expect(checkFiles([file('noext')], 0)).toBe('上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式');
    expect(checkFiles([file('a.png', 10.01)], 0)).toBe('文件大小不能大于10M');
    expect(checkFiles([file('a.png'), file('b.png')], 4)).toBe('最多支持上传5个文件');
    expect(checkFiles([file('a.png')], 2, { maxFiles: 2 })).toBe('最多支持上传2个文件');
    expect(checkFiles([file('a.pdf')], 0, { accept: '.png, .jpg' })).toBe('上传文件必须是.png, .jpg格式');
  });

  it('folds to the last 5 files', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7];
    expect(visibleFiles(seven, true)).toEqual([3, 4, 5, 6, 7]);
    expect(visibleFiles(seven, false)).toEqual(seven);
    expect(visibleFiles([1, 2], true)).toEqual([1, 2]);
  });

  it('keeps PDFs out of the image gallery', () => {
    const files = [
      { name: 'a.png', url: '/f/1' },
      { name: 'b.pdf', url: '/f/2' },
      { name: 'c.jpeg', url: '/f/3' },
      { name: 'd.docx', url: '/f/4' },
    ];
    expect(galleryOf(files).map((f) => f.name)).toEqual(['a.png', 'c.jpeg']);
    expect(isPdf('X.PDF')).toBe(true);
  });

  it('turns the service\'s answer into the field\'s value', () => {
    const [one] = toUploadFiles([{ fileUrl: '/f/1', fileName: 'a.png', fileId: 'x1' }]);
    expect(one).toMatchObject({ url: '/f/1', name: 'a.png' });
    expect(one.uid).toMatch(/^x1-/);
  });
});
