// The tag rules of spec sections 2 and 5 as pure functions: one tag per visited page, keyed by path
// (a detail page opened for another record reuses its tag and keeps the newest query).

export interface Tag {
  /** Pathname: the tag's identity. */
  path: string;
  /** Pathname with query, where clicking and refreshing go. */
  fullPath: string;
  title: string;
}

export const LAST_TAG_MESSAGE = '至少保留一个标签页!';
export const PINNED_TAG_MESSAGE = '首页不能关闭';

/** The pinned tag (首页) always comes first and is there once, even when the user never opened it. */
export function withPinned(tags: readonly Tag[], pinned: Tag | undefined): Tag[] {
  if (!pinned) return tags as Tag[];
  const own = tags.find((t) => t.path === pinned.path);
  const rest = tags.filter((t) => t.path !== pinned.path);
  if (own && tags[0] === own) return tags as Tag[];
  return [own ?? pinned, ...rest];
}

export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const at = tags.findIndex((t) => t.path === tag.path);
  if (at < 0) return [...tags, tag];
  const old = tags[at];
  if (old.fullPath === tag.fullPath && old.title === tag.title) return tags as Tag[];
  return tags.map((t, i) => (i === at ? tag : t));
}

export type CloseResult =
  | { refused: true; message: string }
  | { refused: false; tags: Tag[]; /** Where to go when the active tag was closed. */ next?: string };

/**
 * Closing needs at least two tags and never closes the pinned one (首页); closing the active one moves
 * to its right neighbour, else the left.
 */
export function closeTag(tags: readonly Tag[], path: string, activePath: string, pinnedPath?: string): CloseResult {
  if (path === pinnedPath) return { refused: true, message: PINNED_TAG_MESSAGE };
  if (tags.length < 2) return { refused: true, message: LAST_TAG_MESSAGE };
  const at = tags.findIndex((t) => t.path === path);
  if (at < 0) return { refused: false, tags: [...tags] };
  const rest = tags.filter((_, i) => i !== at);
  if (path !== activePath) return { refused: false, tags: rest };
  const neighbour = rest[Math.min(at, rest.length - 1)];
  return { refused: false, tags: rest, next: neighbour.fullPath };
}

/** Keeps only `path` (and the pinned tag); goes there when another tag was active. */
export function closeOthers(tags: readonly Tag[], path: string, activePath: string, pinnedPath?: string): CloseResult {
  const keep = tags.find((t) => t.path === path);
  if (!keep) return { refused: false, tags: [...tags] };
  return { refused: false, tags: tags.filter((t) => t === keep || t.path === pinnedPath), next: path === activePath ? undefined : keep.fullPath };
}

/** Refreshing reroutes through /redirect so that only the page remounts and reloads its data. */
export function refreshPath(tag: Tag): string {
  return `/redirect${tag.fullPath}`;
}

/** Tags are kept per user for the browser tab's life (sessionStorage). */
export function tagStorageKey(userId: number | string): string {
  return `huoyun.tags.${userId}`;
}

export function readTags(storage: Pick<Storage, 'getItem'> | undefined, userId: number | string): Tag[] {
  try {
    const raw = storage?.getItem(tagStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is Tag =>
        typeof t === 'object' && t !== null && typeof t.path === 'string' && typeof t.fullPath === 'string' && typeof t.title === 'string',
    );
  } catch {
    // A corrupt entry must not keep the console from starting; the tags simply start over.
    return [];
  }
}

export function writeTags(storage: Pick<Storage, 'setItem'> | undefined, userId: number | string, tags: readonly Tag[]): void {
  try {
    storage?.setItem(tagStorageKey(userId), JSON.stringify(tags));
  } catch {
    // Storage full or disabled (private mode): tags then live only in memory.
  }
}
