// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventPhotosOf, flashPhotosOf, PhotoPreview, type Photo } from './photo-preview.tsx';

afterEach(cleanup);

const flash = [
  { picUrl: '/api/file/download/a', routeView: '通道1', picTimeView: '2026-11-22 10:00:00', eventTypeName: '定时抓拍' },
  { picUrl: '/api/file/download/b', routeView: '通道2', picTimeView: '2026-11-22 10:45:00', eventTypeName: '定时抓拍' },
  { picUrl: '/api/file/download/c', routeView: '通道1', picTimeView: '2026-11-22 11:30:00', eventTypeName: '开门抓拍' },
];

function Harness({ photos, start, onClose }: { photos: Photo[]; start: number; onClose(): void }) {
  const [index, setIndex] = useState(start);
  return (
    <FluentProvider theme={webLightTheme}>
      <PhotoPreview photos={photos} index={index} onIndexChange={setIndex} onClose={() => (setIndex(-1), onClose())} />
    </FluentProvider>
  );
}

describe('photo preview', () => {
  it('shows the clicked photo large as n/total and steps with previous and next, round the ends', () => {
    render(<Harness photos={flashPhotosOf(flash)} start={1} onClose={() => undefined} />);
    expect(screen.getByText('2/3')).toBeTruthy();
    expect(screen.getByRole('img', { name: '通道2 2026-11-22 10:45:00 定时抓拍' }).getAttribute('src')).toBe('/api/file/download/b');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByText('3/3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(screen.getByText('1/3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(screen.getByText('3/3')).toBeTruthy();
    expect(screen.getByRole('img', { name: '通道1 2026-11-22 11:30:00 开门抓拍' })).toBeTruthy();
  });

  it('closes with the close button', () => {
    const onClose = vi.fn();
    render(<Harness photos={flashPhotosOf(flash)} start={0} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('1/3')).toBeNull();
  });

  it("takes an event's pictures and leaves its videos out", () => {
    const photos = eventPhotosOf({ eventTypeName: '接打电话', gpsTimeView: '2026-11-22 10:00:00', attachmentList: [{ type: 0, url: '/p1' }, { type: 1, url: '/v.mp4' }, { type: 0, url: '/p2' }] });
    expect(photos).toEqual([{ url: '/p1', caption: '接打电话 2026-11-22 10:00:00 照片1' }, { url: '/p2', caption: '接打电话 2026-11-22 10:00:00 照片2' }]);
    expect(eventPhotosOf({ attachmentList: null })).toEqual([]);
  });
});
