// Routes and resource hooks of the hand-written domain (so far: users, roles, organisations).
import type { Db } from '../db/connection.ts';
import { route } from '../http/route.ts';
import type { Registry } from '../registry/types.ts';
import type { SessionStore } from '../domain/auth/sessions.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { userHooks } from '../domain/users/hooks.ts';
import { organizationTree, roleOperationTree, saveRoleOperations } from '../domain/users/roles.ts';

export function domainHooks(db: Db): Record<string, ResourceHooks> {
  return { user: userHooks(db) };
}

export function domainRoutes(db: Db, _registry: () => Registry, sessions: SessionStore) {
  return [
    route({
      method: 'GET', path: '/e6Organization/findOrganizationTree', access: { session: true }, input: { type: 'object' },
      handler: ({ user }) => organizationTree(db, user),
    }),
    route({
      method: 'GET', path: '/role/getOperationTree', access: { anyOf: ['rolePermission3'] },
      input: { type: 'object', required: ['roleId'], properties: { roleId: { title: '角色', type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      handler: ({ user, body }) => roleOperationTree(db, user, Number(body.roleId)),
    }),
    route<{ roleId: number; operationIds: string[] }>({
      method: 'POST', path: '/role/saveOperations', access: { anyOf: ['rolePermission3'] },
      input: {
        type: 'object', additionalProperties: false, required: ['roleId', 'operationIds'],
        properties: {
          roleId: { title: '角色', type: 'integer', minimum: 1 },
          operationIds: { title: '操作权限', type: 'array', maxItems: 2000, items: { type: 'string', maxLength: 64 } },
        },
      },
      handler: ({ user, body }) => {
        saveRoleOperations(db, user, body.roleId, body.operationIds);
        sessions.invalidate();
        return null;
      },
    }),
  ];
}
