// Terminal credentials (系统管理 → 终端凭证): list, issue, revoke. Only staff of the corporation
// with the operation manage them; a partner user is refused whatever its roles say, since a
// credential writes to every vehicle of the corporation, not only the partner's.
import type { Conn } from '../db/connection.ts';
import { Code } from '../http/envelope.ts';
import { Outcome, route, type RouteDef } from '../http/route.ts';
import { pagingProperties } from '../resources/input-schemas.ts';
import { CredentialStatus, issueCredential, listCredentials, revokeCredential } from '../domain/terminals/credentials.ts';
import { idOf } from './waybill-inputs.ts';
import { staffOnly } from '../http/staff-only.ts';

export const TERMINAL_CREDENTIAL_OPS = { list: 'terminalCredential3', add: 'terminalCredentialAdd3', revoke: 'terminalCredentialRevoke3' } as const;
export const ISSUED = '凭证已签发，密钥只显示这一次，请立即复制保存';
export const REVOKED = '凭证已吊销，使用它的终端将无法再上报数据';

const { curPage, pageSize } = pagingProperties([]);

const listInput = {
  type: 'object', additionalProperties: false,
  properties: {
    curPage, pageSize,
    status: { title: '状态', type: 'array', maxItems: 2, items: { title: '状态', type: 'integer', enum: Object.values(CredentialStatus) } },
  },
};

const addInput = {
  type: 'object', additionalProperties: false, required: ['name'],
  properties: {
    name: {
      title: '名称', type: 'string', minLength: 1, maxLength: 50, pattern: '\\S',
      errorMessage: { pattern: '名称不能为空' },
    },
  },
};

const revokeInput = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idOf('凭证ID') } };

export function terminalCredentialRoutes(conn: Conn): RouteDef[] {
  return [
    route<{ curPage?: number; pageSize?: number; status?: number[] }>({
      method: 'POST', path: '/terminalCredential/list', access: { anyOf: [TERMINAL_CREDENTIAL_OPS.list] }, input: listInput,
      handler: ({ user, body }) => {
        staffOnly(user);
        return listCredentials(conn, user.corpId, { curPage: body.curPage ?? 1, pageSize: body.pageSize ?? 20, status: body.status });
      },
    }),
    route<{ name: string }>({
      method: 'POST', path: '/terminalCredential/add', access: { anyOf: [TERMINAL_CREDENTIAL_OPS.add] }, input: addInput,
      handler: async ({ user, body }) => {
        staffOnly(user);
        return new Outcome(Code.SUCCESS, ISSUED, await issueCredential(conn, user, body.name.trim()));
      },
    }),
    route<{ id: number }>({
      method: 'POST', path: '/terminalCredential/revoke', access: { anyOf: [TERMINAL_CREDENTIAL_OPS.revoke] }, input: revokeInput,
      handler: async ({ user, body }) => {
        staffOnly(user);
        return new Outcome(Code.SUCCESS, REVOKED, await revokeCredential(conn, user.corpId, body.id));
      },
    }),
  ];
}
