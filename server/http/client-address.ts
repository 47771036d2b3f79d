// The client's network address, for login throttling and logs. Behind a reverse proxy every request
// comes from the proxy, so with TRUST_PROXY=1 the address is the last entry of X-Forwarded-For: the
// one the proxy itself appended (entries before it are whatever the client wrote). Without the
// setting the header is ignored, so a client cannot choose its own address.
import type { Context } from 'hono';

let trustProxy = process.env.TRUST_PROXY === '1';

/** Tests stand in for a proxy to give each request an address of their choosing. */
export function setTrustProxy(on: boolean) {
  trustProxy = on;
}

export function clientAddress(c: Context): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return socket?.remoteAddress ?? 'local';
}
