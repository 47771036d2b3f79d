// Property: random roles, users and sequences of user and role calls by a random actor never leave
// any user with an operation that the actor did not hold. Every call goes through the API as the
// actor; refusals are fine, only the outcome counts.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeRole, makeUser, opsOf, PASSWORD, versionOf } from './rights-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Operations that move rights, plus a few ordinary ones to be granted or not. */
const OPS = ['user3', 'userAdd3', 'userUpdate3', 'userDelete3', 'userResetPassword3', 'role3', 'roleUpdate3', 'roleDelete3', 'rolePermission3', 'vehicle3', 'order3', 'waybill3'];

const opSet = fc.subarray(OPS, { minLength: 0 });
type Step =
  | { kind: 'userRoles'; user: number; roles: number[] }
  | { kind: 'password'; user: number }
  | { kind: 'enable'; user: number; enabled: 0 | 1 }
  | { kind: 'newUser'; roles: number[] }
  | { kind: 'roleOps'; role: number; ops: string[] }
  | { kind: 'deleteRole'; role: number }
  | { kind: 'deleteUser'; user: number };

const index = fc.nat({ max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('userRoles' as const), user: index, roles: fc.uniqueArray(index, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('password' as const), user: index }),
  fc.record({ kind: fc.constant('enable' as const), user: index, enabled: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constant('newUser' as const), roles: fc.uniqueArray(index, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('roleOps' as const), role: index, ops: opSet }),
  fc.record({ kind: fc.constant('deleteRole' as const), role: index }),
  fc.record({ kind: fc.constant('deleteUser' as const), user: index }),
);

let newUsers = 0;

async function run(token: string, users: number[], roles: number[], s: Step) {
  const post = (path: string, body: object) => t.call('POST', path, { token, body });
  switch (s.kind) {
    case 'userRoles':
      return post('/res/user/update', { id: users[s.user], version: await versionOf(t, 'users', users[s.user]), roleIds: s.roles.map((r) => roles[r]) });
    case 'password':
      return post('/res/user/update', { id: users[s.user], version: await versionOf(t, 'users', users[s.user]), password: 'Reset@2026' });
    case 'enable':
      return post('/res/user/update', { id: users[s.user], version: await versionOf(t, 'users', users[s.user]), enabled: s.enabled });
    case 'newUser':
      return post('/res/user/save', { userName: `prop${++newUsers}`, realName: '新用户', userType: 0, password: 'Start@2026', roleIds: s.roles.map((r) => roles[r]) });
    case 'roleOps':
      return post('/role/saveOperations', { roleId: roles[s.role], operationIds: s.ops });
    case 'deleteRole':
      return post('/res/role/batchDelete', { ids: [roles[s.role]] });
    case 'deleteUser':
      return post('/res/user/batchDelete', { ids: [users[s.user]] });
  }
}

const allUsers = async () => (await t.db.all<{ id: number }>('SELECT id FROM users WHERE corp_id = 1')).map((r) => r.id);

describe('rights never flow beyond the actor', () => {
  it('no user gains an operation the actor did not hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opSet, { minLength: 4, maxLength: 4 }), fc.array(fc.uniqueArray(index, { maxLength: 2 }), { minLength: 4, maxLength: 4 }), fc.array(step, { minLength: 1, maxLength: 8 }), async (roleOps, userRoles, steps) => {
        const roles: number[] = [];
        for (const ops of roleOps) roles.push(await makeRole(t, ops));
        const users: number[] = [];
        for (const rs of userRoles) users.push((await makeUser(t, rs.map((r) => roles[r]))).id);
        // The actor is user 0; it logs in before anything changes.
        const actorName = (await t.db.one<{ n: string }>('SELECT user_name AS n FROM users WHERE id = ?', [users[0]]))!.n;
        const token = await t.login(actorName, PASSWORD);
        const actorOps = await opsOf(t, users[0]);
        const before = new Map<number, Set<string>>();
        for (const id of await allUsers()) before.set(id, await opsOf(t, id));
        for (const s of steps) {
          const r = await run(token, users, roles, s);
          expect(r.status).toBeLessThan(500);
        }
        for (const id of await allUsers()) {
          const gained = [...(await opsOf(t, id))].filter((op) => !before.get(id)?.has(op) && !actorOps.has(op));
          expect(gained, `user ${id} gained ${gained} from an actor holding ${[...actorOps]}`).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  }, 300_000); // 40 runs of many requests each: minutes on PostgreSQL on a loaded machine
});
