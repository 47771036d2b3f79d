// Compresses API answers on the wire. A list page, a report or a track page is JSON with the same keys
// over and over; brotli or gzip takes it to a fraction of its size, which is most of the wait on a
// company's VPN or a phone. Only answers already whole in memory are compressed: a download (it names
// itself with Content-Disposition), a stream that must flush as it goes (text/event-stream) and bytes
// already compressed (images, xlsx, zip: not in COMPRESSIBLE) go out as they were written.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Smaller answers gain less than the encoding headers and the work cost. */
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^\s*(application\/(json|javascript|xml|x-protobuf|vnd\.mapbox-vector-tile|geo\+json)|text\/(?!event-stream)|image\/svg\+xml)/i;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Above this an answer is compressed at the fastest level (see compressBytes). */
export const LARGE_ANSWER = 512 * 1024;

/**
 * Brotli at quality 5 (gzip 6) for ordinary answers: clearly smaller than gzip at about its speed.
 * A large answer (an 8000-point track page is about 3 MB) at quality 1 (gzip 1): measured on such a
 * page, quality 5 takes about 9 times as long for 7.6% of the raw size instead of 9.7%, and the
 * difference is time a user waits for the first page. Off the event loop (libuv's pool), so other
 * answers keep flowing meanwhile.
 */
export function compressBytes(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const large = bytes.length > LARGE_ANSWER;
  return encoding === 'br'
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gz(bytes, { level: large ? 1 : 6 });
}

/** The encoding to answer with: br when accepted, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return undefined;
}

// Answers whose bytes the server holds already, so they need not be read back from the stream:
// every JSON envelope (envelope.ts), and the bytes served again as they are (the tracking page
// cache), whose compressed forms are kept beside them, keyed by the very Buffer, and go when it goes.
const heldBodies = new WeakMap<Response, { bytes: Uint8Array; reused: true } | { text: string; reused: false }>();
const compressedForms = new WeakMap<Uint8Array, Partial<Record<Encoding, Promise<Buffer>>>>();

/** Marks `res` as answering exactly `text`, once. */
export function heldText(res: Response, text: string): Response {
  heldBodies.set(res, { text, reused: false });
  return res;
}

/**
 * A JSON answer of bytes that are served again as they are (the same Buffer on every hit): the
 * compression of each encoding is done once and reused while the Buffer lives.
 */
export function reusableJson(bytes: Uint8Array): Response {
  const res = new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
  heldBodies.set(res, { bytes, reused: true });
  return res;
}

function compressedOnce(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  let forms = compressedForms.get(bytes);
  if (!forms) compressedForms.set(bytes, (forms = {}));
  let made = forms[encoding];
  if (!made) {
    made = forms[encoding] = compressBytes(bytes, encoding);
    // A failed compression is forgotten, so the next request tries again; the caller sees the error.
    void made.catch(() => delete forms[encoding]);
  }
  return made;
}

const appendVary = (headers: Headers) => {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
};

/** Hono merges the old answer's headers into a new one (its length among them): clear it first. */
function replace(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}

export function compressAnswers(threshold = COMPRESS_THRESHOLD): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    // Too small to gain, and then the same whatever the client accepts: the cheapest way out first.
    const declared = headers.get('content-length');
    if (declared !== null && Number(declared) < threshold) return;
    if (!res.body || c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || headers.has('content-disposition') || /no-transform/i.test(headers.get('cache-control') ?? '')) return;
    // The answer differs by Accept-Encoding from here on, also when this client gets it plain.
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    // Sent as it is: only the answer's headers change (ours are built here, so they can be changed).
    if (!encoding) return appendVary(headers);
    const held = heldBodies.get(res);
    const raw = held ? (held.reused ? held.bytes : Buffer.from(held.text)) : new Uint8Array(await res.arrayBuffer());
    const out = new Headers(headers);
    appendVary(out);
    if (raw.length < threshold) return replace(c, new Response(raw as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: out }));
    const body = held?.reused ? await compressedOnce(raw, encoding) : await compressBytes(raw, encoding);
    out.set('content-encoding', encoding);
    out.set('content-length', String(body.length));
    // A strong validator names exact bytes; the compressed bytes are other bytes.
    const etag = out.get('etag');
    if (etag && !etag.startsWith('W/')) out.set('etag', `W/${etag}`);
    replace(c, new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers: out }));
  };
}
