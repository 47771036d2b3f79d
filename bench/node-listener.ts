// Requests through @hono/node-server's request listener, the code `npm start` serves with
// (scripts/serve.ts), over an in-memory socket: the answer is timed until the server has handed its
// bytes to the socket, as on a real connection, without the kernel and a client on the same two cores.
// app.request instead wraps the answer in a WHATWG Response and reads it back with arrayBuffer(),
// two copies of a 3 MB page that a served answer never makes (node-server writes the bytes as they are).
// Note: getRequestListener puts node-server's Request and Response in place of the global ones, as
// serve() does in the real server, for the rest of the process.
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';

/** A socket that keeps what the server writes. */
class MemorySocket extends Duplex {
  readonly chunks: Buffer[] = [];
  override _read() {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
}

export interface ServedAnswer {
  status: number;
  /** Bytes written to the socket: status line, headers, body. */
  length: number;
  /** The body (what was written after the blank line), joined on demand. */
  body(): Buffer;
}

export type Inject = (method: string, path: string, headers: Record<string, string>, body: string) => Promise<ServedAnswer>;

export function nodeListener(fetch: (req: Request) => Response | Promise<Response>): Inject {
  const listener = getRequestListener(fetch);
  return (method, path, headers, body) => new Promise<ServedAnswer>((resolve, reject) => {
    const socket = new MemorySocket();
    const req = new IncomingMessage(socket as unknown as Socket);
    req.method = method;
    req.url = path;
    req.headers = { host: 'bench.local', 'content-length': String(Buffer.byteLength(body)), ...headers };
    req.rawHeaders = Object.entries(req.headers).flatMap(([k, v]) => [k, String(v)]); // node-server reads these
    req.push(body);
    req.push(null);
    // As the HTTP parser marks a message read to its end: else destroying the request, which reading
    // its body as a web stream does, would destroy the socket under the answer.
    req.complete = true;
    const res = new ServerResponse(req);
    res.assignSocket(socket as unknown as Socket);
    res.once('finish', () => {
      const chunks = socket.chunks;
      const body = () => {
        const wire = Buffer.concat(chunks);
        return wire.subarray(wire.indexOf('\r\n\r\n') + 4);
      };
      resolve({ status: res.statusCode, length: chunks.reduce((n, c) => n + c.length, 0), body });
    });
    res.once('error', reject);
    void Promise.resolve(listener(req, res)).catch(reject);
  });
}
