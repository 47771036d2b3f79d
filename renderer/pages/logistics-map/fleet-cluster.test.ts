import { describe, expect, it } from 'vitest';
import { abbreviated, idsInView, latOf, lonOf, mercatorX, mercatorY, placeFleet, type FleetMarker, type View } from './fleet-cluster.ts';
import type { FleetState } from './fleet-model.ts';

const marker = (id: number, lon: number, lat: number, state: FleetState = 'moving'): FleetMarker =>
  ({ id, lngLat: [lon, lat], mx: mercatorX(lon), my: mercatorY(lat), state, rotation: 0 });

/** A flat, north-up 1000x800 view centred on (lon, lat) at `zoom`, as maplibre projects it. */
function viewAt(lon: number, lat: number, zoom: number): View {
  const world = 512 * 2 ** zoom;
  const [cx, cy] = [mercatorX(lon), mercatorY(lat)];
  return { width: 1000, height: 800, zoom, toScreen: { ax: world, ay: 0, bx: 0, by: world, ox: 500 - world * cx, oy: 400 - world * cy } };
}

const beijing = [116.4, 39.9] as const;
const shanghai = [121.47, 31.23] as const;

describe('placeFleet', () => {
  const fleet = [
    marker(1, beijing[0], beijing[1]), marker(2, beijing[0] + 0.01, beijing[1]), marker(3, beijing[0], beijing[1] + 0.01, 'alarming'),
    marker(4, shanghai[0], shanghai[1], 'parked'),
    marker(5, -74, 40.7), // New York: far outside a view of China
  ];

  it('zoomed out, gathers the vehicles of a city in one cluster that knows it holds an alarm, and leaves a lone vehicle alone', () => {
    const placed = placeFleet(fleet, viewAt(110, 35, 4), true);
    expect(placed).toHaveLength(2);
    const [cluster, lone] = placed;
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3, alarming: true });
    expect(cluster.kind === 'cluster' && cluster.members.map((m) => m.id).sort()).toEqual([1, 2, 3]);
    expect(lone).toMatchObject({ kind: 'vehicle', marker: { id: 4 } });
    // Shanghai is south-east of Beijing on screen.
    expect(lone.x).toBeGreaterThan(cluster.x);
    expect(lone.y).toBeGreaterThan(cluster.y);
  });

  it('keeps the same clusters when the map is panned at the same zoom', () => {
    const members = (v: View) => placeFleet(fleet, v, true).map((p) => (p.kind === 'cluster' ? p.members.map((m) => m.id).sort().join() : String(p.marker.id)));
    expect(members(viewAt(112, 34, 4))).toEqual(members(viewAt(110, 35, 4)));
  });

  it('zoomed in, places every vehicle in view alone at its projected point', () => {
    const v = viewAt(beijing[0], beijing[1], 12);
    const placed = placeFleet(fleet, v, false);
    expect(placed.map((p) => p.kind === 'vehicle' && p.marker.id)).toEqual([1, 2, 3]);
    expect(placed[0]).toMatchObject({ x: 500, y: 400 });
    expect(idsInView(fleet, v)).toEqual([1, 2, 3]);
  });

  it('a cluster never sits on top of another at a cell border', () => {
    // A dense line of vehicles across many cells: every pair of cluster centres stays a cell apart.
    const line = Array.from({ length: 400 }, (_, i) => marker(i, 100 + i * 0.05, 30));
    // The whole line is in view (20° is 910 px at zoom 5): every vehicle is counted once.
    const placed = placeFleet(line, viewAt(110, 30, 5), true);
    const clusters = placed.filter((p) => p.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(3);
    for (const a of clusters) for (const b of clusters) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(30);
    expect(placed.reduce((n, p) => n + (p.kind === 'cluster' ? p.count : 1), 0)).toBe(line.length);
  });
});

describe('Mercator helpers and the cluster count', () => {
  it('turn back into the coordinates they came from', () => {
    expect(lonOf(mercatorX(116.4))).toBeCloseTo(116.4, 9);
    expect(latOf(mercatorY(39.9))).toBeCloseTo(39.9, 9);
  });
  it('abbreviate counts as the map did', () => {
    expect([abbreviated(999), abbreviated(1234), abbreviated(12_345)]).toEqual(['999', '1.2k', '12k']);
  });
});
