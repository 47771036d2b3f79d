import { describe, expect, it } from 'vitest';
import { addPoint, calibrate, centreOfDraft, dragCentre, ringOf, saveBody, startDraft } from './fence-edit.ts';

describe('fence edit layer', () => {
  it('draws a circle from its centre and radius, and saves radius and area', () => {
    const d = addPoint(startDraft(3, [116, 39]), [116.5, 39.5]);
    expect(centreOfDraft(d)).toEqual([116.5, 39.5]);
    expect(ringOf(d).length).toBeGreaterThan(10);
    expect(saveBody(d, { areaId: 7 })).toEqual({ areaId: 7, typeId: 3, lonCenter: 116.5, latCenter: 39.5, radius: 200, areaAcreage: 0.126 });
  });

  it('draws a rectangle from two clicks; a third click starts again', () => {
    let d = startDraft(1, [0, 0]);
    d = addPoint(addPoint(d, [116, 39]), [116.2, 39.2]);
    expect(ringOf(d)).toHaveLength(5);
    expect(addPoint(d, [1, 1]).points).toEqual([[1, 1]]);
  });

  it('moves a polygon with its centre and saves lat,lng points', () => {
    let d = startDraft(2, [0, 0]);
    for (const p of [[116, 39], [116.2, 39], [116.1, 39.3]] as [number, number][]) d = addPoint(d, p);
    const moved = dragCentre(d, [117.1, 40.1]);
    expect(centreOfDraft(moved)![0]).toBeCloseTo(117.1, 9);
    expect(moved.points[1][0] - moved.points[0][0]).toBeCloseTo(0.2, 9);
    expect((saveBody(moved, { areaId: 1, waybillId: '5' }) as { areaLonLat: string }).areaLonLat.split(';')).toHaveLength(3);
  });

  it('calibration sets the centre and radius of a circle', () => {
    const d = calibrate(startDraft(3, [116, 39]), [116.1, 39.1], 500);
    expect(d).toMatchObject({ points: [[116.1, 39.1]], radius: 500 });
  });
});
