import { describe, expect, it } from 'vitest';
import { flashInfo, mediaPoints, NO_PHOTOS, OPEN_PHOTOS, previewOfInfo, previewOfRow, safetyInfo } from './media-layer.ts';
import type { TabData } from './track-data.ts';

const flash = [
  { picUrl: '/f/a', routeView: '通道1', picTimeView: '2026-11-22 10:00:00', eventTypeName: '定时抓拍', speed: 0, lon: 113.6, lat: 34.7, placeName: '郑州', areaName: '' },
  { picUrl: '/f/b', routeView: '通道2', picTimeView: '2026-11-22 10:45:00', eventTypeName: '定时抓拍', speed: 52, lon: 113.9, lat: 34.7, placeName: '河南省郑州市', areaName: '' },
];
const safety = [
  { eventTypeName: '接打电话', gpsTimeView: '2026-11-22 10:20:00', eventLevelView: '高', driverName: '王师傅', speed: 61, lon: 113.7, lat: 34.7, attachmentList: [{ type: 0, url: '/e/1' }, { type: 0, url: '/e/2' }] },
  { eventTypeName: '抽烟', gpsTimeView: '2026-11-22 10:30:00', eventLevelView: '低', speed: 40, lon: null, lat: null, attachmentList: [] },
];
const data = { stops: [], areas: [], doors: [], cold: [], alarms: [], flash, safety, temperature: {}, humidity: {}, oil: {}, temperatureRange: null } as TabData;

describe('flash photo and active-safety layer', () => {
  it('marks every located row on the map with its info window', () => {
    const points = mediaPoints(data);
    expect(points.map((p) => p.id)).toEqual(['flash-0', 'flash-1', 'safety-0']);
    expect(points[2]).toMatchObject({ kind: 'alarm', lngLat: [113.7, 34.7] });
    expect(mediaPoints(null)).toEqual([]);
  });

  it('info windows carry the spec fields and say whether there are photos', () => {
    expect(flashInfo(flash[1]).rows).toContainEqual(['通道', '通道2']);
    expect(flashInfo(flash[1]).rows).toContainEqual(['速度', '52 km/h']);
    expect(flashInfo(flash[1]).rows).toContainEqual(['照片', OPEN_PHOTOS]);
    expect(safetyInfo(safety[0]).rows).toContainEqual(['报警级别', '高']);
    expect(safetyInfo(safety[0]).rows).toContainEqual(['照片', `2张，${OPEN_PHOTOS}`]);
    expect(safetyInfo(safety[1]).rows).toContainEqual(['照片', NO_PHOTOS]);
  });

  it('a row or an info window opens the right pictures', () => {
    expect(previewOfRow(data, 'flash', 1)).toMatchObject({ index: 1, photos: [{ url: '/f/a' }, { url: '/f/b' }] });
    expect(previewOfRow(data, 'safety', 0)).toMatchObject({ index: 0, photos: [{ url: '/e/1' }, { url: '/e/2' }] });
    expect(previewOfRow(data, 'safety', 1)).toBeNull();
    expect(previewOfInfo(data, flashInfo(flash[1]).title)).toMatchObject({ index: 1 });
    expect(previewOfInfo(data, safetyInfo(safety[0]).title)?.photos).toHaveLength(2);
    expect(previewOfInfo(data, '停车')).toBeNull();
  });
});
