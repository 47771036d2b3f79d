// A location query (0x8201) for a terminal connected to another instance (docs/jt808.md "Several
// instances"): the instance asked sends the question on the database's channel between instances; the
// one holding the terminal's connection says at once that it holds it, asks the terminal, and sends
// back the position, or that the terminal stayed silent. Nobody holding it within HELD_WAIT_MS means
// the terminal is offline everywhere. On SQLite there is one instance, and nothing is asked.
import { listenJson, THIS_INSTANCE } from '../../db/instance.ts';
import type { Database } from '../../db/port.ts';
import type { TrackPoint } from '../../tracking/columns.ts';
import { onlineTerminal, QueryTimeout, type OnlineTerminal } from './online.ts';

export const QUERY_CHANNEL = 'huoyun_location_queries';
/** How long the holder has to say it holds the terminal: a message's round trip, with room for a busy instance. */
export const HELD_WAIT_MS = 1_000;

export type QueryOutcome = { point: TrackPoint } | { offline: true } | { silent: true };

type Message =
  | { kind: 'ask'; id: string; from: string; vehicleId: number; timeoutMs: number }
  | { kind: 'held'; id: string; to: string }
  | { kind: 'answer'; id: string; to: string; point: TrackPoint }
  | { kind: 'silent'; id: string; to: string };

interface Asking {
  settle(outcome: QueryOutcome): void;
  held(): void;
}

const relays = new WeakMap<object, (vehicleId: number, timeoutMs: number) => Promise<QueryOutcome>>();

/** Asks the terminal of `vehicleId` through whichever instance holds it; `offline` where there is no other instance. */
export async function askOtherInstances(db: object, vehicleId: number, timeoutMs: number): Promise<QueryOutcome> {
  const ask = relays.get(db);
  return ask ? ask(vehicleId, timeoutMs) : { offline: true };
}

/** The terminal's answer on this instance, as an outcome. */
export async function askHere(terminal: OnlineTerminal, timeoutMs: number): Promise<QueryOutcome> {
  try {
    return { point: terminal.describe(await terminal.queryLocation(timeoutMs)) };
  } catch (err) {
    if (err instanceof QueryTimeout) return { silent: true };
    throw err;
  }
}

/** Starts answering the other instances' questions and asking them; the answer stops. */
export async function startQueryRelay(db: Database): Promise<() => Promise<void>> {
  const asking = new Map<string, Asking>();
  let next = 0;
  const send = (m: Message) => db.notify(QUERY_CHANNEL, JSON.stringify(m)).catch((err: Error) => console.error(`位置查询未能转给其他实例: ${err.message}`));

  const answer = async (m: Extract<Message, { kind: 'ask' }>) => {
    const terminal = onlineTerminal(m.vehicleId);
    if (!terminal) return;
    await send({ kind: 'held', id: m.id, to: m.from });
    const outcome = await askHere(terminal, m.timeoutMs).catch(() => ({ silent: true }) as const);
    await send('point' in outcome ? { kind: 'answer', id: m.id, to: m.from, point: outcome.point } : { kind: 'silent', id: m.id, to: m.from });
  };

  const stop = await listenJson<Message>(db, QUERY_CHANNEL, (m) => {
    if (m.kind === 'ask') {
      if (m.from !== THIS_INSTANCE) void answer(m);
      return;
    }
    const waiting = m.to === THIS_INSTANCE ? asking.get(m.id) : undefined;
    if (!waiting) return;
    if (m.kind === 'held') waiting.held();
    else waiting.settle(m.kind === 'answer' ? { point: m.point } : { silent: true });
  });
  if (!stop) return async () => {};

  relays.set(db, (vehicleId, timeoutMs) => new Promise<QueryOutcome>((resolve) => {
    const id = `${THIS_INSTANCE}:${++next}`;
    let timer = setTimeout(() => settle({ offline: true }), HELD_WAIT_MS);
    const settle = (outcome: QueryOutcome) => {
      clearTimeout(timer);
      asking.delete(id);
      resolve(outcome);
    };
    // The holder's own wait for the terminal, and a round trip more for its answer to come back.
    const held = () => {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ silent: true }), timeoutMs + HELD_WAIT_MS);
    };
    asking.set(id, { settle, held });
    void send({ kind: 'ask', id, from: THIS_INSTANCE, vehicleId, timeoutMs });
  }));
  return async () => {
    relays.delete(db);
    for (const waiting of asking.values()) waiting.settle({ offline: true });
    await stop();
  };
}
