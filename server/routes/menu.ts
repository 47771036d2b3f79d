// The menu calls of spec section 7: the tree, all menus, and the logo.
import type { Conn } from '../db/connection.ts';
import { route } from '../http/route.ts';
import { flatten, menuTree } from '../domain/menus/tree.ts';

export const PLATFORM_TITLE = '货运数字化平台';

const menuInput = {
  type: 'object',
  additionalProperties: false,
  properties: { useSystem: { title: '系统', type: 'integer', enum: [3] } },
};

export function menuRoutes(conn: Conn) {
  return [
    route({
      method: 'POST', path: '/menu/menuTree', access: { session: true }, input: menuInput,
      handler: ({ user }) => menuTree(conn, user.operationIds),
    }),
    route({
      method: 'POST', path: '/menu/allMenu', access: { session: true }, input: menuInput,
      handler: async ({ user }) => flatten(await menuTree(conn, user.operationIds)),
    }),
    route({
      method: 'POST', path: '/menu/getLogoUrl', access: { session: true }, input: { type: 'object', additionalProperties: false },
      handler: () => ({ icoUrl: '/logo.svg', title: PLATFORM_TITLE }),
    }),
  ];
}
