// Holds the loaded registry. In development a changed schema file is loaded again without a
// restart; a file with an error leaves the previous registry in place and says why.
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry, SCHEMAS_DIR } from './load.ts';
import { SchemaError, type Registry } from './types.ts';

export interface RegistryHolder {
  get(): Registry;
  close(): void;
  onReload(listener: (reg: Registry) => void): void;
}

/**
 * Watches every folder under root, each on its own. Folders, not files: an editor's atomic save
 * (write a temp file, rename it over the old one) replaces the file's inode, and a watch on the
 * file (what a recursive watch does on Linux under Node 20) goes deaf to it from then on. A folder
 * keeps its inode, and sees the rename and every later write. New folders are watched as they come.
 */
const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // renamed away or deleted meanwhile
  }
};

function watchFolders(root: string, onChange: (file: string) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let w: FSWatcher;
    try {
      w = watch(dir, (_event, name) => {
        if (!name) return;
        const full = join(dir, name.toString());
        if (isFolder(full)) add(full); // a new folder: watch it too
        onChange(full);
      });
    } catch {
      return; // gone already
    }
    w.on('error', () => {
      w.close();
      watchers.delete(dir);
    });
    watchers.set(dir, w);
    try {
      for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) add(join(dir, e.name));
    } catch {
      /* removed meanwhile */
    }
  };
  add(root);
  return { close: () => watchers.forEach((w) => w.close()) };
}

/** A load failure as the configurator needs it: file, place and problem on their own lines. */
export function reloadFailure(err: unknown): string {
  if (err instanceof SchemaError) return `[schemas] 重新加载失败，继续使用上一版本:\n  文件: ${err.file}\n  位置: ${err.pointer || '/'}\n  问题: ${err.detail}`;
  return `[schemas] 重新加载失败，继续使用上一版本: ${(err as Error).message}`;
}

export function holdRegistry(opts: { root?: string; watch?: boolean; debounceMs?: number } = {}): RegistryHolder {
  const root = opts.root ?? SCHEMAS_DIR;
  let current = loadRegistry(root);
  const listeners: ((reg: Registry) => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const watcher = opts.watch
    ? watchFolders(root, (file) => {
        if (!file.endsWith('.json')) return;
        clearTimeout(timer);
        // Editors write a file in several steps; wait for the last one.
        timer = setTimeout(() => {
          try {
            current = loadRegistry(root);
            listeners.forEach((l) => l(current));
            console.log(`[schemas] 已重新加载 (${file})`);
          } catch (err) {
            console.error(reloadFailure(err));
          }
        }, opts.debounceMs ?? 150);
      })
    : undefined;
  return {
    get: () => current,
    close: () => {
      clearTimeout(timer);
      watcher?.close();
    },
    onReload: (l) => listeners.push(l),
  };
}
