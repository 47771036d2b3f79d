// Resolves the session from the 'token' header or the HttpOnly cookie, and refuses forged writes:
// a write carried by the cookie alone must show, by Sec-Fetch-Site or Origin, that the console's own
// page sent it (docs/security.md "Forged writes"). Access rules are checked per route.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { SessionStore } from '../domain/auth/sessions.ts';
import type { AppEnv } from './context.ts';
import { ApiError, Code } from './envelope.ts';

export const TOKEN_COOKIE = 'token';
export const CROSS_SITE_MESSAGE = '请求来源不是本系统页面，已拒绝';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host a browser names in Origin, compared with the Host it sent the request to. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * True when the browser says the request came from a page of this origin. Browsers send
 * Sec-Fetch-Site on every fetch (Chromium, Firefox, Safari since 2023); Origin on every POST.
 */
export function fromOwnPage(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('origin');
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  return !!origin && !!host && originHost(origin) === host;
}

/** A browser that says the request is cross-site, whatever credential it carries. */
function saysCrossSite(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('origin');
  if (!origin) return false;
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  return originHost(origin) !== host;
}

export function authenticate(sessions: SessionStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('token');
    // The header wins (sessions.resolve below), so the cookie is only read without it.
    const cookie = header ? undefined : getCookie(c, TOKEN_COOKIE);
    if (!SAFE_METHODS.has(c.req.method)) {
      // A page of another site can neither set the token header nor read the cookie; it can only
      // make the browser send the cookie (and even that SameSite=Strict prevents in today's browsers).
      if (saysCrossSite(c) || (!header && cookie && !fromOwnPage(c))) {
        throw new ApiError(Code.FORBIDDEN, CROSS_SITE_MESSAGE);
      }
    }
    const user = await sessions.resolve(header || cookie, Date.now());
    if (user) c.set('user', user);
    // A cookie whose session ended is cleared here: the console's script cannot clear an HttpOnly cookie.
    else if (cookie && !header) deleteCookie(c, TOKEN_COOKIE, { path: '/' });
    await next();
  };
}
