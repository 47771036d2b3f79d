// The JT/T 808 location query's part in tests/bad-input.test.ts: a stand-in for a connected
// terminal of the admin corporation's first vehicle, answering at once, so the baseline query is
// accepted and every refusal comes from the one field changed.
import type { Conn } from '../../server/db/port.ts';
import { setOnline, type OnlineTerminal } from '../../server/gateway/jt808/online.ts';
import type { LocationReport } from '../../server/gateway/jt808/messages.ts';
import { reportToPoint } from '../../server/gateway/jt808/location.ts';
import { DEFAULT_PROFILE } from '../../server/gateway/jt808/device-profiles.ts';

const HERE: LocationReport = { alarm: 0, status: 2, latitude: 34_758_372, longitude: 113_662_814, altitude: 0, speed: 0, direction: 0, time: 1_767_000_000_000, extras: [] };

export async function gatewayFixtures(t: { db: Conn }) {
  const v = (await t.db.one<{ id: number }>('SELECT id FROM vehicles WHERE corp_id = 1 AND is_deleted = 0 ORDER BY id LIMIT 1'))!;
  const standIn: OnlineTerminal = { queryLocation: async () => HERE, describe: (r) => reportToPoint(r, DEFAULT_PROFILE, 0) };
  setOnline(v.id, standIn);
  return { bodies: { '/gateway/locationQuery': { vehicleId: v.id } }, acceptedText: {} };
}
