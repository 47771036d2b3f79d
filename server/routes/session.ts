// Login, single sign-on check, sign-out, current user and password endpoints.
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { TOKEN_COOKIE } from '../http/auth.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Conn } from '../db/connection.ts';
import { Outcome, route } from '../http/route.ts';
import { Code } from '../http/envelope.ts';
import type { SessionStore } from '../domain/auth/sessions.ts';
import { authenticate } from '../domain/auth/login.ts';
import { corpSettings, userInfo } from '../domain/auth/user-info.ts';
import { changeOwnPassword } from '../domain/auth/change-password.ts';
import { personalValues } from '../domain/settings/business-personal.ts';
import { SESSION_TTL_MS } from '../domain/auth/sessions.ts';

const loginInput = {
  type: 'object',
  additionalProperties: false,
  required: ['userName', 'password'],
  properties: {
    userName: { title: '用户名', type: 'string', minLength: 1, maxLength: 50 },
    password: { title: '密码', type: 'string', minLength: 1, maxLength: 64 },
  },
};

const passwordInput = {
  type: 'object',
  additionalProperties: false,
  required: ['oldPassword', 'newPassword', 'confirmPassword'],
  properties: {
    oldPassword: { title: '原密码', type: 'string', minLength: 1, maxLength: 100 },
    newPassword: { title: '新密码', type: 'string', minLength: 1, maxLength: 100 },
    confirmPassword: { title: '确认密码', type: 'string', minLength: 1, maxLength: 100 },
  },
};

/** Behind a TLS-terminating proxy the request reaches us as http; the proxy says so in X-Forwarded-Proto. */
const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

/** HttpOnly: no script reads it, so an injected script cannot carry the session away. */
function setSessionCookie(c: Context, token: string) {
  setCookie(c, TOKEN_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c), maxAge: SESSION_TTL_MS / 1000 });
}

export function sessionRoutes(conn: Conn, sessions: SessionStore) {
  return [
    route<{ userName: string; password: string }>({
      method: 'POST', path: '/login', access: { public: true }, input: loginInput,
      handler: async ({ c, body }) => {
        const now = Date.now();
        const userId = await authenticate(conn, body.userName, body.password, clientAddress(c), now);
        const token = await sessions.create(userId, now);
        setSessionCookie(c, token);
        const info = await userInfo(conn, userId, now);
        return { token, userInfo: info, settings: await corpSettings(conn, info.corpId, userId) };
      },
    }),
    route({
      method: 'GET', path: '/oaAccountAutoLogin', access: { public: true }, input: { type: 'object' },
      handler: async ({ c }) => {
        const user = await sessions.resolve(getCookie(c, TOKEN_COOKIE), Date.now());
        if (!user) return { resultCode: 0 };
        // The token itself is not answered: script must never hold it (docs/decisions.md "Session cookie").
        return { resultCode: 1, resultVO: { returnUrl: '/home' } };
      },
    }),
    route({
      method: 'POST', path: '/signOut', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: async ({ c, user }) => {
        await sessions.revoke(user.token, Date.now());
        deleteCookie(c, TOKEN_COOKIE, { path: '/', secure: isHttps(c) });
        return { returnUrl: '/login' };
      },
    }),
    route({
      method: 'GET', path: '/user/getCurrentUser', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => userInfo(conn, user.userId, Date.now()),
    }),
    route({
      method: 'GET', path: '/personalSet/getCorpPersonalSet', access: { session: true }, input: { type: 'object' },
      // With the business switches (业务个性化设置) a console form reads (docs/rules.md "Business personal settings").
      handler: async ({ user }) => ({ ...(await corpSettings(conn, user.corpId, user.userId)), businessPersonalSet: await personalValues(conn, user.corpId) }),
    }),
    route({
      method: 'GET', path: '/user/checkUserPWD', access: { session: true }, input: { type: 'object' },
      handler: async ({ user }) => ({ passwordStatus: (await corpSettings(conn, user.corpId, user.userId)).passwordStatus }),
    }),
    route<{ oldPassword: string; newPassword: string; confirmPassword: string }>({
      method: 'POST', path: '/user/modifyCurrentPassword', access: { session: true }, input: passwordInput,
      handler: async ({ user, body }) => {
        const now = Date.now();
        await changeOwnPassword(conn, user.userId, body, now, user.token);
        await sessions.invalidate();
        return new Outcome(Code.SUCCESS, '密码修改成功', null);
      },
    }),
  ];
}
