// The instances serving one database, as the messages between them see them (port.ts listen/notify):
// this process's name, which its messages carry so that it knows its own when they come back to it,
// and messages as JSON.
import { randomUUID } from 'node:crypto';
import type { Database } from './port.ts';

export const THIS_INSTANCE = randomUUID();

/**
 * Listens for JSON messages on `channel`; a payload that is not a JSON object is dropped, and a message
 * its handler fails on is logged, never thrown into the connection's event (which would end the process).
 * Null on SQLite (port.ts).
 */
export function listenJson<T extends object>(db: Database, channel: string, heard: (message: T) => void): Promise<(() => Promise<void>) | null> {
  return db.listen(channel, (payload) => {
    try {
      const message: unknown = JSON.parse(payload);
      if (typeof message === 'object' && message !== null) heard(message as T);
    } catch (err) {
      console.error(`实例间消息无法处理（${channel}）: ${(err as Error).message}`);
    }
  });
}
