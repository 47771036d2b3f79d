// Which declared route a request reached, and what the logs need to know of it: the endpoint as
// declared (a path parameter stays a parameter, so '/file/download/:id' is one endpoint, not one per
// file), whether a signed-in user calls it, whether it is a write, and the operation ids it needs.
// Looked up on every API call, so the answer for a plain path is one Map lookup.
import { fullPath, type RouteDef } from '../http/route.ts';
import { isReadOnlyPath } from './rules.ts';

export interface RouteInfo {
  /** The path as declared ('/res/vehicle/save', '/report/:name/query'); the whole path for /api3. */
  endpoint: string;
  /** Called by a signed-in user (operation ids or any session), not public and not a terminal's. */
  byUser: boolean;
  /** A POST that is not declared read-only by its path (rules.ts): it goes to the operation log. */
  write: boolean;
  /** The handler reads its own body (a multipart upload): the log does not look into it. */
  rawBody: boolean;
  /** The operation ids the route needs (any one suffices); none for session routes. */
  operationIds: readonly string[];
}

interface Pattern {
  method: string;
  re: RegExp;
  info: RouteInfo;
}

/** Hono's ':name' and ':name{regex}' segments as a regular expression over the whole path. */
function patternOf(path: string): RegExp {
  let out = '';
  for (let i = 0; i < path.length; ) {
    if (path[i] === ':') {
      let end = i + 1;
      while (end < path.length && /\w/.test(path[end])) end++;
      if (path[end] === '{') {
        let depth = 0;
        let close = end;
        for (; close < path.length; close++) {
          if (path[close] === '{') depth++;
          else if (path[close] === '}' && --depth === 0) break;
        }
        out += `(?:${path.slice(end + 1, close)})`;
        i = close + 1;
      } else {
        out += '[^/]+';
        i = end;
      }
    } else {
      out += path[i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i++;
    }
  }
  return new RegExp(`^${out}$`);
}

/** The path as a user reads it: a parameter's pattern dropped ('/ui/pages/:id{.+}' → '/ui/pages/:id'). */
const readablePath = (path: string) => path.replace(/(:\w+)\{[^}]*\}/g, '$1');

function infoOf(def: RouteDef): RouteInfo {
  return {
    endpoint: readablePath(def.path),
    byUser: 'anyOf' in def.access || 'session' in def.access,
    write: def.method === 'POST' && !isReadOnlyPath(def.path),
    rawBody: def.rawBody === true,
    operationIds: 'anyOf' in def.access ? def.access.anyOf : [],
  };
}

/** A path no route answers is looked for again at most this often (resource routes follow schema reloads). */
const REBUILD_MS = 1000;

export class RouteIndex {
  private exact = new Map<string, RouteInfo>();
  private patterns: Pattern[] = [];
  private builtAt = -Infinity;

  constructor(private readonly routes: () => readonly RouteDef[]) {}

  /** The schemas were reloaded: resource routes may have come or gone. */
  invalidate() {
    this.builtAt = -Infinity;
  }

  private build(now: number) {
    const exact = new Map<string, RouteInfo>();
    const patterns: Pattern[] = [];
    for (const def of this.routes()) {
      const path = fullPath(def);
      if (path.includes(':')) patterns.push({ method: def.method, re: patternOf(path), info: infoOf(def) });
      else exact.set(`${def.method} ${path}`, infoOf(def));
    }
    this.exact = exact;
    this.patterns = patterns;
    this.builtAt = now;
  }

  private find(method: string, path: string): RouteInfo | undefined {
    const hit = this.exact.get(`${method} ${path}`);
    if (hit) return hit;
    for (const p of this.patterns) if (p.method === method && p.re.test(path)) return p.info;
    return undefined;
  }

  /** The route `method path` (the whole request path, /api included) reaches, or undefined. */
  lookup(method: string, path: string, now = Date.now()): RouteInfo | undefined {
    const found = this.find(method, path);
    if (found || now - this.builtAt < REBUILD_MS) return found;
    this.build(now);
    return this.find(method, path);
  }
}
