// Holds the loaded registry. In development a changed schema file is loaded again without a
// restart; a file with an error leaves the previous registry in place and says why.
import { watch } from 'node:fs';
import { loadRegistry, SCHEMAS_DIR } from './load.ts';
import type { Registry } from './types.ts';

export interface RegistryHolder {
  get(): Registry;
  close(): void;
  onReload(listener: (reg: Registry) => void): void;
}

export function holdRegistry(opts: { root?: string; watch?: boolean } = {}): RegistryHolder {
  const root = opts.root ?? SCHEMAS_DIR;
  let current = loadRegistry(root);
  const listeners: ((reg: Registry) => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const watcher = opts.watch
    ? watch(root, { recursive: true }, (_event, file) => {
        if (!file?.endsWith('.json')) return;
        clearTimeout(timer);
        // Editors write a file in several steps; wait for the last one.
        timer = setTimeout(() => {
          try {
            current = loadRegistry(root);
            listeners.forEach((l) => l(current));
            console.log(`[schemas] 已重新加载 (${file})`);
          } catch (err) {
            console.error(`[schemas] 重新加载失败，继续使用上一版本: ${(err as Error).message}`);
          }
        }, 150);
      })
    : undefined;
  return {
    get: () => current,
    close: () => watcher?.close(),
    onReload: (l) => listeners.push(l),
  };
}
