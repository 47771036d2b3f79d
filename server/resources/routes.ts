// The routes every resource file gets: /api/res/<id>/{list,count,detail,save,update,batchDelete,history},
// plus the spec's lookup paths that a file declares as aliases. Access comes from the file.
import type { Registry, ResourceFile } from '../registry/types.ts';
import { route, type RouteDef } from '../http/route.ts';
import type { ResourceEngine } from './engine.ts';
import { batchDeleteSchema, detailSchema, historySchema, listSchema, saveSchema, updateSchema } from './input-schemas.ts';
import { batchDelete, save, update } from './writes.ts';

function verbs(res: ResourceFile, engine: ResourceEngine) {
  const p = res.permissions;
  const readers = [...new Set([...p.list, ...p.update, ...p.save])];
  return {
    list: {
      method: 'POST' as const, access: { anyOf: p.list }, input: listSchema(res), seekable: true as const,
      handler: ({ user, body, seek }: any) => (seek ? engine.seek(res.id, user, body, seek) : engine.list(res.id, user, body)),
    },
    count: { method: 'POST' as const, access: { anyOf: p.list }, input: listSchema(res), handler: ({ user, body }: any) => engine.count(res.id, user, body) },
    detail: { method: 'GET' as const, access: { anyOf: readers }, input: detailSchema, handler: ({ user, body }: any) => engine.detail(res.id, user, Number(body.id)) },
    save: { method: 'POST' as const, access: { anyOf: p.save }, input: saveSchema(res), handler: ({ user, body }: any) => save(engine, res.id, user, body) },
    update: { method: 'POST' as const, access: { anyOf: p.update }, input: updateSchema(res), handler: ({ user, body }: any) => update(engine, res.id, user, body) },
    batchDelete: { method: 'POST' as const, access: { anyOf: p.delete }, input: batchDeleteSchema, handler: ({ user, body }: any) => batchDelete(engine, res.id, user, body.ids) },
    history: { method: 'POST' as const, access: { anyOf: readers }, input: historySchema, handler: ({ user, body }: any) => engine.history(res.id, user, body) },
  };
}

export function resourceRoutes(reg: Registry, engine: ResourceEngine): RouteDef[] {
  const out: RouteDef[] = [];
  for (const res of reg.resources.values()) {
    const v = verbs(res, engine);
    for (const [name, def] of Object.entries(v)) out.push(route({ ...def, path: `/res/${res.id}/${name}` }));
    for (const alias of res.aliases ?? []) {
      const def = v[alias.verb];
      const anyOf = [...new Set([...def.access.anyOf, ...(alias.alsoAllowedTo ?? [])])];
      out.push(route({ ...def, path: alias.path, access: { anyOf } }));
    }
  }
  return out;
}
