// Login, single sign-on check, sign-out, current user and password endpoints.
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import type { Db } from '../db/connection.ts';
import { Outcome, route } from '../http/route.ts';
import { Code } from '../http/envelope.ts';
import type { SessionStore } from '../domain/auth/sessions.ts';
import { authenticate } from '../domain/auth/login.ts';
import { corpSettings, userInfo } from '../domain/auth/user-info.ts';
import { changeOwnPassword } from '../domain/auth/change-password.ts';
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
  required: ['newPassword', 'confirmPassword'],
  properties: {
    newPassword: { title: '新密码', type: 'string', minLength: 1, maxLength: 100 },
    confirmPassword: { title: '确认密码', type: 'string', minLength: 1, maxLength: 100 },
  },
};

export function sessionRoutes(db: Db, sessions: SessionStore) {
  return [
    route<{ userName: string; password: string }>({
      method: 'POST', path: '/login', access: { public: true }, input: loginInput,
      handler: ({ c, body }) => {
        const now = Date.now();
        const userId = authenticate(db, body.userName, body.password, now);
        const token = sessions.create(userId, now);
        setCookie(c, 'token', token, { path: '/', sameSite: 'Lax', maxAge: SESSION_TTL_MS / 1000 });
        const info = userInfo(db, userId, now);
        return { token, userInfo: info, settings: corpSettings(db, info.corpId, userId) };
      },
    }),
    route({
      method: 'GET', path: '/oaAccountAutoLogin', access: { public: true }, input: { type: 'object' },
      handler: ({ c }) => {
        const token = getCookie(c, 'token');
        const user = sessions.resolve(token, Date.now());
        if (!user) return { resultCode: 0 };
        return { resultCode: 1, token, resultVO: { returnUrl: '/home' } };
      },
    }),
    route({
      method: 'POST', path: '/signOut', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: ({ c, user }) => {
        sessions.revoke(user.token, Date.now());
        deleteCookie(c, 'token', { path: '/' });
        return { returnUrl: '/login' };
      },
    }),
    route({
      method: 'GET', path: '/user/getCurrentUser', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => userInfo(db, user.userId, Date.now()),
    }),
    route({
      method: 'GET', path: '/personalSet/getCorpPersonalSet', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => corpSettings(db, user.corpId, user.userId),
    }),
    route({
      method: 'GET', path: '/user/checkUserPWD', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => ({ passwordStatus: corpSettings(db, user.corpId, user.userId).passwordStatus }),
    }),
    route<{ newPassword: string; confirmPassword: string }>({
      method: 'POST', path: '/user/modifyCurrentPassword', access: { session: true }, input: passwordInput,
      handler: ({ user, body }) => {
        const now = Date.now();
        changeOwnPassword(db, user.userId, body, now);
        sessions.revokeAllOf(user.userId, now, user.token);
        return new Outcome(Code.SUCCESS, '密码修改成功', null);
      },
    }),
  ];
}
