// The live positions between instances (docs/deploy.md "Live positions"): the newest point of each
// batch this instance stores goes to the other instances on the database's channel between instances,
// and what they send goes to this instance's fleet maps (live-hub.ts). Positions are gathered for
// GATHER_MS, the newest per vehicle kept, and sent in messages under PostgreSQL's payload limit. A
// message lost (a listening connection dropped and opened again) costs a marker its move until the
// vehicle's next report, or the map's snapshot, read again every minute. On SQLite there is no other
// instance, and nothing is gathered.
import { listenJson, THIS_INSTANCE } from '../db/instance.ts';
import type { Database } from '../db/port.ts';
import { publishRelayed, relayLive, type LivePosition } from './live-hub.ts';

export const LIVE_CHANNEL = 'huoyun_live_positions';
const GATHER_MS = 20;
/** PostgreSQL refuses a payload of 8000 bytes or more; a position is a few hundred. */
export const MAX_PAYLOAD = 7500;

interface Message {
  from: string;
  positions: LivePosition[];
}

/** Starts relaying; the answer stops it and waits for what was gathered to be sent. */
export async function startLiveRelay(db: Database): Promise<() => Promise<void>> {
  const stopListening = await listenJson<Message>(db, LIVE_CHANNEL, (message) => {
    // An instance hears its own messages too.
    if (message.from === THIS_INSTANCE || !Array.isArray(message.positions)) return;
    for (const position of message.positions) publishRelayed(position);
  });
  if (!stopListening) return async () => {};

  let gathered = new Map<string, LivePosition>();
  let timer: NodeJS.Timeout | undefined;
  let sending = Promise.resolve();
  const send = () => {
    timer = undefined;
    const messages = messagesOf([...gathered.values()].map((p) => JSON.stringify(p)));
    gathered = new Map();
    // One after another, so that a vehicle's positions arrive in the order they were stored.
    sending = sending.then(async () => {
      for (const m of messages) await db.notify(LIVE_CHANNEL, m).catch((err: Error) => console.error(`实时位置未能转发给其他实例: ${err.message}`));
    });
  };
  const stopRelay = relayLive(db, (p) => {
    gathered.set(`${p.corpId}:${p.vehicleId}`, p);
    timer ??= setTimeout(send, GATHER_MS);
  });
  return async () => {
    stopRelay();
    clearTimeout(timer);
    if (gathered.size) send();
    await sending;
    await stopListening();
  };
}

/** The positions' JSON texts in as few messages as fit under the limit. */
export function messagesOf(positions: readonly string[]): string[] {
  const head = `{"from":"${THIS_INSTANCE}","positions":[`;
  const messages: string[] = [];
  let part: string[] = [];
  let size = head.length + 2;
  for (const p of positions) {
    if (part.length && size + p.length + 1 > MAX_PAYLOAD) {
      messages.push(`${head}${part.join(',')}]}`);
      ((part = []), (size = head.length + 2));
    }
    part.push(p);
    size += p.length + 1;
  }
  if (part.length) messages.push(`${head}${part.join(',')}]}`);
  return messages;
}
