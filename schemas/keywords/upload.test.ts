import { describe, expect, it } from 'vitest';
import { uploadRule, UPLOAD_MAX_BYTES } from './upload.ts';

const file = (name: string, size = 1000) => ({ name, size });

describe('uploadRule', () => {
  it('accepts the listed extensions in any case', () => {
    expect(uploadRule([file('a.JPG'), file('b.jpeg'), file('c.png'), file('d.bmp'), file('e.pdf')])).toBeNull();
  });
  it('refuses other types with the list in the message', () => {
    expect(uploadRule([file('a.gif')])).toBe('上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式');
    expect(uploadRule([file('noext')])).toBe('上传文件必须是.jpg, .jpeg, .png, .bmp, .pdf格式');
  });
  it('refuses files over 10 MB', () => {
    expect(uploadRule([file('a.png', UPLOAD_MAX_BYTES)])).toBeNull();
    expect(uploadRule([file('a.png', UPLOAD_MAX_BYTES + 1)])).toBe('文件大小不能大于10M');
  });
  it('refuses more than the maximum, counting the files already there', () => {
    expect(uploadRule([file('a.png'), file('b.png')], 3)).toBeNull();
    expect(uploadRule([file('a.png'), file('b.png')], 4)).toBe('最多支持上传5个文件');
    expect(uploadRule([file('a.png')], 0, { maxFiles: 0 })).toBe('最多支持上传0个文件');
  });
});
