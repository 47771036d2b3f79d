// The live positions' relay between instances (server/tracking/live-relay.ts). That a position stored on
// one server process reaches a fleet map open on another is tested with real processes in
// tests/multi-instance.test.ts (PostgreSQL); here, the messages it sends.
import { expect, it } from 'vitest';
import { openTestDatabase } from './support/test-db.ts';
import { listenJson } from '../server/db/instance.ts';
import { MAX_PAYLOAD, messagesOf } from '../server/tracking/live-relay.ts';
import type { LivePosition } from '../server/tracking/live-hub.ts';

const position = (vehicleId: number): LivePosition => ({
  corpId: 1, vehicleId, storedAt: 1_795_000_000_000 + vehicleId,
  point: { lon: 113.1 + vehicleId / 1000, lat: 34.7, gpsTime: 1_795_000_000_000, speed: 42.5, direction: 90, odometer: 1234.5, status: 3, t1: -18.2, t2: -17.9, h1: 55 },
});

it('a burst of 1,000 vehicles goes in messages under PostgreSQL\'s payload limit, every position once and in order', () => {
  const messages = messagesOf(Array.from({ length: 1000 }, (_, i) => JSON.stringify(position(i + 1))));
  expect(messages.length).toBeGreaterThan(10);
  for (const m of messages) expect(Buffer.byteLength(m)).toBeLessThanOrEqual(MAX_PAYLOAD);
  const got = messages.flatMap((m) => (JSON.parse(m) as { positions: LivePosition[] }).positions);
  expect(got.map((p) => p.vehicleId)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  expect(got[999]).toEqual(position(1000));
});

it('one position is one message', () => {
  const [only, ...rest] = messagesOf([JSON.stringify(position(7))]);
  expect(rest).toEqual([]);
  expect((JSON.parse(only) as { from: string; positions: LivePosition[] }).positions).toEqual([position(7)]);
});

it('the database port carries messages between instances on PostgreSQL, and has none to carry on SQLite', async () => {
  const db = await openTestDatabase();
  try {
    const heard: string[] = [];
    const stop = await db.listen('huoyun_test_channel', (payload) => heard.push(payload));
    if (db.dialect === 'sqlite') {
      expect(stop).toBeNull();
      return;
    }
    await db.notify('huoyun_test_channel', '{"n":1}');
    await db.notify('huoyun_other_channel', '{"n":2}');
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['{"n":1}']);
    await stop!();
    await db.notify('huoyun_test_channel', '{"n":3}');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['{"n":1}']);
  } finally {
    await db.close();
  }
});

it('a message that is not a JSON object, or that its handler fails on, is dropped and the next one heard', async () => {
  const db = await openTestDatabase();
  try {
    const heard: unknown[] = [];
    const stop = await listenJson<{ n: number }>(db, 'huoyun_test_json', (m) => {
      if (m.n === 2) throw new Error('a handler failing');
      heard.push(m);
    });
    if (db.dialect === 'sqlite') return expect(stop).toBeNull();
    for (const payload of ['not json', 'null', '7', '{"n":2}', '{"n":3}']) await db.notify('huoyun_test_json', payload);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([{ n: 3 }]);
    await stop!();
  } finally {
    await db.close();
  }
});
