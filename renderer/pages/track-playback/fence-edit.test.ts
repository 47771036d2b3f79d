import { describe, expect, it } from 'vitest';
import {
  calibrate, centreOfDraft, dragCentre, draftAreaKm2, draftOfFeature, draftProblem, draftSummary, featureOfDraft, pushHistory, radiusError, ringOf, saveBody,
  startDraft, UNDO_DEPTH, type FenceDraft,
} from './fence-edit.ts';

const circle: FenceDraft = { typeId: 3, points: [[116.5, 39.5]], radius: 200 };
const rectangle: FenceDraft = { typeId: 1, points: [[116, 39], [116.2, 39.2]], radius: 200 };
const polygon: FenceDraft = { typeId: 2, points: [[116, 39], [116.2, 39], [116.1, 39.3]], radius: 200 };

describe('fence edit model', () => {
  it('saves a circle as its centre, radius and area, and the other shapes as lat,lng points', () => {
    expect(saveBody(circle, { areaId: 7 })).toEqual({ areaId: 7, typeId: 3, lonCenter: 116.5, latCenter: 39.5, radius: 200, areaAcreage: 0.126 });
    expect((saveBody(rectangle, { areaId: 1, waybillId: '5' }) as { areaLonLat: string }).areaLonLat).toBe('39.000000,116.000000;39.000000,116.200000;39.200000,116.200000;39.200000,116.000000');
    expect((saveBody(polygon, { areaId: 1 }) as { areaLonLat: string }).areaLonLat.split(';')).toHaveLength(3);
    expect(saveBody(startDraft(2, [0, 0]), { areaId: 1 })).toBeNull();
  });

  it('moves a shape with its centre and calibrates a circle', () => {
    const moved = dragCentre(polygon, [117.1, 40.1]);
    expect(centreOfDraft(moved)![0]).toBeCloseTo(117.1, 9);
    expect(moved.points[1][0] - moved.points[0][0]).toBeCloseTo(0.2, 9);
    expect(calibrate(circle, [116.1, 39.1], 500)).toMatchObject({ points: [[116.1, 39.1]], radius: 500 });
  });

  it('refuses crossing edges, too few vertices and a bad radius, with the spec and server messages', () => {
    const bowtie: FenceDraft = { typeId: 2, points: [[116, 39], [116.2, 39.2], [116.2, 39], [116, 39.2]], radius: 200 };
    expect(draftProblem(bowtie)).toBe('围栏的边不能相交');
    // Moving one vertex fixes it.
    expect(draftProblem({ ...bowtie, points: [[116, 39], [116.2, 39], [116.2, 39.2], [116, 39.2]] })).toBeNull();
    expect(draftProblem({ ...polygon, points: polygon.points.slice(0, 2) })).toBe('多边形围栏至少需要三个顶点');
    expect(draftProblem({ ...circle, radius: 2001 })).toBe('半径必须小于等于2000');
    expect(draftProblem(circle)).toBeNull();
    expect(radiusError('2000')).toBeUndefined();
    expect(radiusError('0')).toBe('半径必须为正整数值');
    expect(radiusError(' ')).toBe('半径不能为空');
  });

  it('gives areas in km²: π r² for a circle, the ground area of a ring', () => {
    expect(draftAreaKm2({ ...circle, radius: 1000 })).toBe(3.142);
    // 0.01° × 0.01° at 39.5° N is about 1.112 km × 0.858 km.
    const small: FenceDraft = { typeId: 1, points: [[116, 39.5], [116.01, 39.51]], radius: 200 };
    expect(draftAreaKm2(small)).toBeGreaterThan(0.94);
    expect(draftAreaKm2(small)).toBeLessThan(0.97);
    expect(draftSummary(circle)).toBe('圆形，半径 200 米，面积 0.126 平方公里');
    expect(draftSummary(small)).toMatch(/^矩形，面积 0\.9\d\d 平方公里$/);
  });

  it('keeps at most UNDO_DEPTH earlier drafts, newest last', () => {
    let h: FenceDraft[] = [];
    for (let i = 0; i < UNDO_DEPTH + 5; i++) h = pushHistory(h, { ...circle, radius: i + 1 });
    expect(h).toHaveLength(UNDO_DEPTH);
    expect(h[h.length - 1].radius).toBe(UNDO_DEPTH + 5);
  });
});

describe('fence features for the drawing library', () => {
  it('round-trips every shape through the WGS-84 map unchanged', () => {
    for (const d of [circle, rectangle, polygon]) {
      const back = draftOfFeature(featureOfDraft(d, 'wgs84')!, 'wgs84', 200)!;
      expect(back.typeId).toBe(d.typeId);
      back.points.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(d.points[i][0], 6);
        expect(p[1]).toBeCloseTo(d.points[i][1], 6);
      });
    }
    expect(featureOfDraft(circle, 'wgs84')!.properties).toEqual({ mode: 'circle', radiusKilometers: 0.2 });
  });

  it('draws in GCJ-02 on 高德/腾讯 and converts what the user drew back to WGS-84', () => {
    const f = featureOfDraft(polygon, 'gcj02')!;
    // GCJ-02 is offset by a few hundred metres around Beijing.
    expect(Math.abs(f.geometry.coordinates[0][0][0] - 116)).toBeGreaterThan(0.003);
    const back = draftOfFeature(f, 'gcj02', 200)!;
    back.points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(polygon.points[i][0], 5);
      expect(p[1]).toBeCloseTo(polygon.points[i][1], 5);
    });
    const c = draftOfFeature(featureOfDraft(circle, 'gcj02')!, 'gcj02', 200)!;
    expect(c.points[0][0]).toBeCloseTo(116.5, 5);
    expect(c.radius).toBe(200);
  });

  it('takes a drawn circle radius from the library, and a drawn rectangle as its two corners', () => {
    const drawn = { geometry: { type: 'Polygon', coordinates: [ringOf({ ...circle, radius: 350 })] }, properties: { mode: 'circle', radiusKilometers: 0.35 } };
    expect(draftOfFeature(drawn, 'wgs84', 200)).toMatchObject({ typeId: 3, radius: 350 });
    const rect = { geometry: { type: 'Polygon', coordinates: [[[116.2, 39], [116.2, 39.2], [116, 39.2], [116, 39], [116.2, 39]]] }, properties: { mode: 'rectangle' } };
    expect(draftOfFeature(rect, 'wgs84', 200)!.points).toEqual([[116, 39], [116.2, 39.2]]);
  });
});
