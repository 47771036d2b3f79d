// Resolves the session from the 'token' header or cookie. Access rules are checked per route.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SessionStore } from '../domain/auth/sessions.ts';
import type { AppEnv } from './context.ts';

export function authenticate(sessions: SessionStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header('token') || getCookie(c, 'token');
    const user = sessions.resolve(token, Date.now());
    if (user) c.set('user', user);
    await next();
  };
}
