// Putting sub-packages back together. The parts of one message carry consecutive serial numbers, so
// part i of a message whose first part has serial s comes with serial s + i - 1: (message id,
// s, total) names the message whatever order its parts arrive in. A connection keeps at most
// MAX_OPEN messages in the making; the oldest is dropped (and counted) to make room.
import type { Frame, Header } from './frame.ts';

export const MAX_OPEN = 8;
/** Parts one message may have: 64 × 1023 bytes is far more than a 0x0704 batch of 100 points. */
export const MAX_PARTS = 64;

interface Open {
  header: Header;
  parts: (Buffer | undefined)[];
  received: number;
}

export type Assembled = { done: true; frame: Frame } | { done: false; dropped: number };

export class Reassembler {
  private open = new Map<string, Open>();

  /** A part: the whole message once its last missing part arrives, else how many messages were dropped to make room. */
  add(frame: Frame): Assembled {
    const { header } = frame;
    const { total, index } = header.packet!;
    if (total > MAX_PARTS) return { done: false, dropped: 1 };
    const first = (header.serial - (index - 1) + 0x10000) & 0xffff;
    const key = `${header.msgId}:${first}:${total}:${header.phone}`;
    let dropped = 0;
    let msg = this.open.get(key);
    if (!msg) {
      if (this.open.size >= MAX_OPEN) {
        this.open.delete(this.open.keys().next().value!);
        dropped = 1;
      }
      msg = { header, parts: new Array(total), received: 0 };
      this.open.set(key, msg);
    }
    if (!msg.parts[index - 1]) msg.received++;
    msg.parts[index - 1] = frame.body;
    if (index === 1) msg.header = header;
    if (msg.received < total) return { done: false, dropped };
    this.open.delete(key);
    const { packet: _, ...whole } = msg.header;
    return { done: true, frame: { header: { ...whole, serial: first }, body: Buffer.concat(msg.parts as Buffer[]) } };
  }

  get openCount() { return this.open.size; }
}
