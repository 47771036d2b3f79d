import { describe, expect, it } from 'vitest';
import { FleetStore, type FleetVehicle } from './fleet-model.ts';
import { temperaturesOf } from './fleet-info.ts';

const vehicle = (id: number, over: Partial<FleetVehicle> = {}): FleetVehicle => ({
  vehicleId: id, vehicleNo: `京A${id}`, lon: 116 + id / 100, lat: 39.9, speed: 40, direction: 0, gpsTime: 1000, gpsTimeStr: '', state: 'moving',
  sensors: {}, waybillId: null, waybillNo: null, openAlarms: 0, ...over,
});

describe('FleetStore', () => {
  it('puts only placed vehicles on the map, then sends only what moved', () => {
    const s = new FleetStore();
    s.load([vehicle(1), vehicle(2), vehicle(3, { lon: null, lat: null, state: 'offline' })]);
    const first = s.diff('wgs84');
    expect(first.add.map((f) => f.id)).toEqual([1, 2]);
    expect(s.diff('wgs84')).toEqual({ add: [], update: [], remove: [] });
    s.apply([{ vehicleId: 2, lon: 117, lat: 40, speed: 0, direction: 100, gpsTime: 2000, state: 'parked', sensors: {} }]);
    const moved = s.diff('wgs84');
    expect(moved.add).toEqual([]);
    expect(moved.update).toEqual([{ type: 'Feature', id: 2, geometry: { type: 'Point', coordinates: [117, 40] }, properties: { state: 'parked', rotation: 90 } }]);
  });

  it('never moves a marker back to an older point, and ignores vehicles the snapshot did not name', () => {
    const s = new FleetStore();
    s.load([vehicle(1)]);
    s.diff('wgs84');
    s.apply([{ vehicleId: 1, lon: 100, lat: 30, speed: 0, direction: 0, gpsTime: 500, state: 'parked', sensors: {} }, { vehicleId: 9, lon: 100, lat: 30, speed: 0, direction: 0, gpsTime: 5000, state: 'parked', sensors: {} }]);
    expect(s.diff('wgs84')).toEqual({ add: [], update: [], remove: [] });
    expect(s.vehicles.get(1)!.lon).toBe(116.01);
  });

  it('takes vehicles off the map when the filter hides them and puts them back, counting all', () => {
    const s = new FleetStore();
    s.load([vehicle(1), vehicle(2, { state: 'alarming', vehicleNo: '沪B2' })]);
    s.diff('wgs84');
    s.setFilter({ plate: 'b2', states: new Set() });
    expect(s.diff('wgs84')).toMatchObject({ remove: [1], update: [{ id: 2 }] });
    s.setFilter({ plate: '', states: new Set(['moving']) });
    expect(s.diff('wgs84')).toMatchObject({ add: [{ id: 1 }], remove: [2] });
    expect(s.counts()).toEqual({ alarming: 1, moving: 1, parked: 0, offline: 0 });
  });

  it('converts to GCJ-02 for the Chinese providers', () => {
    const s = new FleetStore();
    s.load([vehicle(1)]);
    const [f] = s.features('gcj02');
    expect(f.geometry.coordinates[0]).not.toBe(116.01);
    expect(Math.abs(f.geometry.coordinates[0] - 116.01)).toBeLessThan(0.01);
  });
});

describe('temperaturesOf', () => {
  it('lists the temperature channels in order, and - without any', () => {
    expect(temperaturesOf({ t2: -18, h1: 60, t1: 4.24 })).toBe('温度1 4.2℃ · 温度2 -18.0℃');
    expect(temperaturesOf({ h1: 60 })).toBe('-');
  });
});
